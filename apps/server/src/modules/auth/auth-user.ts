/**
 * What a route may do on a caller's behalf. A signed-in person holds `account` and `scan`; the
 * shared free-scan guest holds only `free-scan`; API keys (issue 7) choose their own.
 */
export const SCOPES = ['account', 'scan', 'free-scan'] as const;
export type Scope = (typeof SCOPES)[number];

export const USER_SCOPES: readonly Scope[] = ['account', 'scan'];
export const FREE_SCAN_GUEST_SCOPES: readonly Scope[] = ['free-scan'];

export type AuthUserKind = 'user' | 'free-scan-guest';

/** The caller of an authenticated request, set on `request.user` by the auth plugin. */
export type AuthUser = {
  id: number;
  uid: string;
  email: string;
  kind: AuthUserKind;
  scopes: readonly Scope[];
  /** The sign-in session behind a Bearer token; null for guests and API keys. */
  sessionId: string | null;
  /** The anonymous id a free-scan guest token was minted for. */
  freeScanUid?: string;
};
