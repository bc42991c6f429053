import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';

/** Origins the web app may call besides its own, taken from the runtime base URLs. */
function externalOrigins(runtime: Config['runtime']): string[] {
  const origins = new Set<string>();
  for (const base of Object.values(runtime)) {
    if (URL.canParse(base)) origins.add(new URL(base).origin);
  }
  return [...origins];
}

export type SecurityPluginOptions = { runtime: Config['runtime']; rateLimitMax: number; rateLimitAllowList: string[] };

/**
 * Security headers with a Content-Security-Policy fit for the SPA (no inline scripts; inline
 * styles are allowed because the chart and toast widgets set element styles) and a default
 * per-IP rate limit that routes tighten where abuse is likely; allow-listed IPs pass every per-IP limit.
 */
export const securityPlugin = fp<SecurityPluginOptions>(
  async (app: FastifyInstance, options) => {
    const connect = externalOrigins(options.runtime);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...connect],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...connect],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitMax,
      // Routes' own limits are merged over these settings, so they inherit the allow list.
      allowList: options.rateLimitAllowList,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, { detail: `Too many requests. Please try again in ${context.after}.` }),
    });
  },
  { name: 'security' },
);
