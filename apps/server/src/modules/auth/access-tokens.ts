import { errors, jwtVerify, SignJWT } from 'jose';
import { type AuthUserKind, type Scope, SCOPES } from './auth-user.ts';

const ISSUER = 'riskscan';
const AUDIENCE = 'riskscan-api';

/** What an access token says about its holder; the token is proof, the database the authority. */
export type AccessTokenClaims = {
  uid: string;
  kind: AuthUserKind;
  scopes: readonly Scope[];
  /** The sign-in session (refresh-token family); revoking it ends the access token too. */
  sessionId: string | null;
  freeScanUid?: string;
};

export type AccessTokens = {
  sign(claims: AccessTokenClaims, ttlSeconds?: number): Promise<string>;
  /** The claims of a valid, unexpired token of ours, or null. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  ttlSeconds: number;
};

const isScope = (value: unknown): value is Scope => SCOPES.includes(value as Scope);

/** Short-lived HS256 JWTs (jose). */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims, ttl = ttlSeconds) {
      return new SignJWT({
        kind: claims.kind,
        scope: claims.scopes.join(' '),
        ...(claims.sessionId ? { sid: claims.sessionId } : {}),
        ...(claims.freeScanUid ? { fsu: claims.freeScanUid } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttl}s`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const kind = payload.kind;
        if (typeof payload.sub !== 'string' || (kind !== 'user' && kind !== 'free-scan-guest')) return null;
        const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(isScope) : [];
        return {
          uid: payload.sub,
          kind,
          scopes,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
          ...(typeof payload.fsu === 'string' ? { freeScanUid: payload.fsu } : {}),
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
