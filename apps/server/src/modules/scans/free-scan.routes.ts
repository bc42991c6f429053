import { freeScanRequestSchema, freeScanResponseSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimFreeScanId } from './free-scans.ts';

/** `POST /free-scan/ {uid}`: an unused id gets a guest token good for that one scan. */
export type FreeScanRoutesOptions = {
  perIpPerDay: number;
  /** A guest token good for one scan of this free-scan id (accounts). */
  mintGuestToken: (freeScanUid: string) => Promise<string>;
};

export const freeScanRoutes: FastifyPluginAsyncZod<FreeScanRoutesOptions> = async (app, { perIpPerDay, mintGuestToken }) => {
  app.post(
    '/free-scan/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { summary: 'Claim the free scan of an anonymous id', body: freeScanRequestSchema, response: { 200: freeScanResponseSchema } },
    },
    async (request) => {
      const { uid } = request.body;
      const { used } = await claimFreeScanId(app.db, uid, request.ip, perIpPerDay);
      if (used) return { used: true, auth_token: null };
      return { used: false, auth_token: await mintGuestToken(uid) };
    },
  );
};
