import type { Config } from '../../config.ts';
import { loadOrCreateJwtSecret } from '../auth/index.ts';
import { accountWebhookSecret } from './webhook-signature.ts';

/**
 * The secret an account's webhooks are signed with: derived from the server secret (JWT_SECRET,
 * or the one generated under DATA_DIR), so API processes and workers agree without storing it.
 */
export function accountSecrets(config: Pick<Config, 'auth' | 'dataDir'>): (accountUid: string) => Promise<string> {
  let server: Promise<string> | null = null;
  return async (accountUid) => {
    server ??= config.auth.jwtSecret ? Promise.resolve(config.auth.jwtSecret) : loadOrCreateJwtSecret(config.dataDir);
    return accountWebhookSecret(await server, accountUid);
  };
}
