import fp from 'fastify-plugin';
import { HttpError } from '../../plugins/errors.ts';
import { findUserById } from '../accounts/index.ts';
import type { AuthUser } from '../auth/index.ts';
import type { Entitlements } from '../billing/index.ts';
import { hashApiKey } from './api-key-secrets.ts';
import { countKeyRequest, findLiveKeyOwner, pruneKeyUsage } from './api-keys.repository.ts';

/** API keys act for their owner on the scan calls only: never the account itself (no `account` scope). */
const API_KEY_SCOPES = ['scan'] as const;
const WINDOW_MS = 60_000;

export type RateLimitState = { limit: number; remaining: number; resetSeconds: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came with an API key: its rate-limit window, sent back as `RateLimit-*` headers. */
    apiKeyRateLimit: RateLimitState | null;
  }
}

export type ApiKeysPluginOptions = {
  limitPerMinute: number;
  /** Whether the account's plan includes API access (billing). */
  entitlements: Pick<Entitlements, 'allows'>;
};

export const tooManyRequests = (seconds: number) => `Request was throttled. Expected available in ${seconds} seconds.`;

/**
 * `Authorization: Api-Key <key>` through the auth plugin's scheme extension point, with a
 * per-key limit per minute counted in the database so every API process agrees.
 */
export const apiKeysPlugin = fp<ApiKeysPluginOptions>(
  async (app, options) => {
    app.decorateRequest('apiKeyRateLimit', null);

    app.auth.registerScheme('Api-Key', async (key, request): Promise<AuthUser | null> => {
      const owner = key.length <= 200 ? await findLiveKeyOwner(app.db, hashApiKey(key)) : undefined;
      // Only an active member's key works (accounts owns who that is).
      const user = owner ? await findUserById(app.db, owner.userId) : undefined;
      if (!owner || !user || !user.is_active || user.kind !== 'user' || !(await options.entitlements.allows(owner.userId, 'api_access')))
        return null;
      // One count per request, however many preHandlers ask who is calling.
      if (!request.apiKeyRateLimit) {
        const now = Date.now();
        const windowStart = now - (now % WINDOW_MS);
        const used = await countKeyRequest(app.db, owner.keyId, new Date(windowStart));
        if (used === 1) await pruneKeyUsage(app.db, new Date(windowStart - WINDOW_MS));
        const resetSeconds = Math.ceil((windowStart + WINDOW_MS - now) / 1000);
        request.apiKeyRateLimit = { limit: options.limitPerMinute, remaining: Math.max(0, options.limitPerMinute - used), resetSeconds };
        if (used > options.limitPerMinute) throw new HttpError(429, { detail: tooManyRequests(resetSeconds) });
      }
      return { id: user.id, uid: user.uid, email: user.email, kind: 'user', scopes: API_KEY_SCOPES, sessionId: null };
    });

    // The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), plus Retry-After on a 429.
    app.addHook('onSend', async (request, reply) => {
      const state = request.apiKeyRateLimit;
      if (!state) return;
      reply.header('RateLimit-Limit', state.limit);
      reply.header('RateLimit-Remaining', state.remaining);
      reply.header('RateLimit-Reset', state.resetSeconds);
      if (reply.statusCode === 429) reply.header('Retry-After', state.resetSeconds);
    });
  },
  { name: 'api-keys', dependencies: ['auth', 'database'] },
);
