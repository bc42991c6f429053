import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { addressKey } from './client-address.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's address as counted by per-IP limits: IPv6 by its network prefix (`addressKey`). */
    readonly clientKey: string;
  }
}

/** Origins the web app may call besides its own, taken from the runtime base URLs. */
function externalOrigins(runtime: Config['runtime']): string[] {
  const origins = new Set<string>();
  for (const base of Object.values(runtime)) {
    if (URL.canParse(base)) origins.add(new URL(base).origin);
  }
  return [...origins];
}

export type SecurityPluginOptions = {
  runtime: Config['runtime'];
  rateLimitMax: number;
  rateLimitAllowList: string[];
  ipv6Prefix: number;
};

/**
 * Security headers with a Content-Security-Policy fit for the SPA (no inline scripts; inline
 * styles are allowed because the chart and toast widgets set element styles) and a default
 * per-IP rate limit that routes tighten where abuse is likely; allow-listed IPs pass every per-IP limit.
 */
export const securityPlugin = fp<SecurityPluginOptions>(
  async (app: FastifyInstance, options) => {
    const connect = externalOrigins(options.runtime);
    app.decorateRequest('clientKey', {
      getter(this: FastifyRequest) {
        return addressKey(this.ip, options.ipv6Prefix);
      },
    });
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
      allowList: (request) => options.rateLimitAllowList.includes(request.ip),
      keyGenerator: (request) => request.clientKey,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, { detail: `Too many requests. Please try again in ${context.after}.` }),
    });
  },
  { name: 'security' },
);
