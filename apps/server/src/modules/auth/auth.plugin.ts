import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { HttpError } from '../../plugins/errors.ts';
import { type AccessTokens, createAccessTokens } from './access-tokens.ts';
import type { AuthUser, Scope } from './auth-user.ts';
import { loadOrCreateJwtSecret } from './jwt-secret.ts';

/**
 * Turns the credentials of one `Authorization: <Scheme> <credentials>` header into the caller,
 * or null when they are not valid. Accounts registers `Bearer` (session access tokens); the scan
 * service registers `Api-Key` the same way:
 *
 *   app.auth.registerScheme('Api-Key', async (key) => (await apiKeys.find(key))?.owner ?? null);
 */
export type AuthScheme = (credentials: string, request: FastifyRequest) => Promise<AuthUser | null>;

export type Auth = {
  tokens: AccessTokens;
  registerScheme(name: string, scheme: AuthScheme): void;
  /** The caller named by the request's Authorization header; null without one; throws 401 when it is not valid. */
  identify(request: FastifyRequest): Promise<AuthUser | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** preHandler: a signed-in person (scope `account`); guests and missing credentials are refused. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: sets `request.user` when credentials are sent (null otherwise); bad credentials still get 401. */
    optionalAuth: preHandlerAsyncHookHandler;
    /** preHandler: any caller holding at least one of the scopes, e.g. `requireScope('scan', 'free-scan')`. */
    requireScope(...scopes: Scope[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

// Plain words that say what to do next (issue 22), not the framework's stock phrases.
export const NOT_AUTHENTICATED =
  'Please sign in, or sign up for free, to do this. API clients send their key as "Authorization: Api-Key <key>".';
export const INVALID_CREDENTIALS =
  'Your session has expired or the API key is not valid. Please sign in again, or check the key: it may be mistyped or revoked.';
export const PERMISSION_DENIED = 'You do not have permission to perform this action.';

function unauthorized(detail: string): HttpError {
  return new HttpError(401, { detail });
}

export type AuthPluginOptions = { auth: Config['auth']; dataDir: string };

/** Who is calling: the Authorization header, its schemes, and the preHandlers routes use. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = options.auth.jwtSecret ?? (await loadOrCreateJwtSecret(options.dataDir));
    const schemes = new Map<string, AuthScheme>();

    const auth: Auth = {
      tokens: createAccessTokens(secret, options.auth.accessTokenTtlSeconds),
      registerScheme(name, scheme) {
        const key = name.toLowerCase();
        if (schemes.has(key)) throw new Error(`Authorization scheme ${name} is already registered`);
        schemes.set(key, scheme);
      },
      async identify(request) {
        const header = request.headers.authorization;
        if (!header) return null;
        const match = /^([A-Za-z][A-Za-z0-9-]*) +(\S+)\s*$/.exec(header);
        const scheme = match && schemes.get(match[1]!.toLowerCase());
        if (!match || !scheme) throw unauthorized(INVALID_CREDENTIALS);
        const user = await scheme(match[2]!, request);
        if (!user) throw unauthorized(INVALID_CREDENTIALS);
        return user;
      },
    };

    function requireScope(...scopes: Scope[]): preHandlerAsyncHookHandler {
      return async (request) => {
        const user = await auth.identify(request);
        if (!user) throw unauthorized(NOT_AUTHENTICATED);
        if (!scopes.some((scope) => user.scopes.includes(scope))) throw new HttpError(403, { detail: PERMISSION_DENIED });
        request.user = user;
      };
    }

    app.decorateRequest('user', null);
    app.decorate('auth', auth);
    app.decorate('requireScope', requireScope);
    app.decorate('authenticate', requireScope('account'));
    app.decorate('optionalAuth', async (request: FastifyRequest) => {
      request.user = await auth.identify(request);
    });
  },
  { name: 'auth' },
);
