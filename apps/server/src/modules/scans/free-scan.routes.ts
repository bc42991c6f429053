import { freeScanRequestSchema, freeScanResponseSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freeScanUsed } from './free-scans.ts';

export type FreeScanRoutesOptions = {
  perIpPerDay: number;
  /** A guest token good for one scan of this free-scan id (accounts). */
  mintGuestToken: (freeScanUid: string) => Promise<string>;
};

/**
 * `POST /free-scan/ {uid}`: an unused id gets a guest token good for its one scan. Asking spends
 * nothing (the home page asks on every visit); the scan spends it and checks the network's cap.
 */
export const freeScanRoutes: FastifyPluginAsyncZod<FreeScanRoutesOptions> = async (app, { perIpPerDay, mintGuestToken }) => {
  app.post(
    '/free-scan/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Whether an anonymous id still has its free scan',
        body: freeScanRequestSchema,
        response: { 200: freeScanResponseSchema },
      },
    },
    async (request) => {
      const { uid } = request.body;
      if (await freeScanUsed(app.db, uid, perIpPerDay)) return { used: true, auth_token: null };
      return { used: false, auth_token: await mintGuestToken(uid) };
    },
  );
};
