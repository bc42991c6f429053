import { freeScanRequestSchema, freeScanResponseSchema } from '@riskscan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../plugins/errors.ts';
import { claimFreeScan, countFreeScansFromIp, findFreeScan } from './free-scans.repository.ts';

export const FREE_SCAN_IP_CAP_REACHED = 'Free scans from your network are used up for today. Please sign up to keep scanning.';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `POST /free-scan/ {uid}` (SPEC §6, DESIGN §7): one free scan per anonymous id, and at most
 * `perIpPerDay` new ids per client IP a day. An unused id gets a guest token good for that scan.
 */
export const freeScanRoutes: FastifyPluginAsyncZod<{ perIpPerDay: number }> = async (app, { perIpPerDay }) => {
  app.post(
    '/free-scan/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { summary: 'Claim the free scan of an anonymous id', body: freeScanRequestSchema, response: { 200: freeScanResponseSchema } },
    },
    async (request) => {
      const { uid } = request.body;
      const existing = await findFreeScan(app.db, uid);
      if (existing?.used_at) return { used: true, auth_token: null };
      if (!existing) {
        const claimedToday = await countFreeScansFromIp(app.db, request.ip, new Date(Date.now() - DAY_MS));
        if (claimedToday >= perIpPerDay) throw new HttpError(429, { detail: FREE_SCAN_IP_CAP_REACHED });
        await claimFreeScan(app.db, uid, request.ip);
      }
      return { used: false, auth_token: await app.accounts.mintFreeScanGuestToken(uid) };
    },
  );
};
