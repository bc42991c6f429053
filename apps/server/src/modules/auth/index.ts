// The auth module's public face: the Bearer-token plugin, who a request's user is, and its messages.
export { createAccessTokens, type AccessTokenClaims, type AccessTokens } from './access-tokens.ts';
export { type AuthUser, type AuthUserKind, FREE_SCAN_GUEST_SCOPES, type Scope, SCOPES, USER_SCOPES } from './auth-user.ts';
export {
  type Auth,
  authPlugin,
  type AuthPluginOptions,
  type AuthScheme,
  INVALID_CREDENTIALS,
  NOT_AUTHENTICATED,
  PERMISSION_DENIED,
} from './auth.plugin.ts';
