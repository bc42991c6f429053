import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';
import { loadOrCreateJwtSecret } from '../auth/index.ts';

/**
 * An account's signing secret for scan callbacks, derived from the server secret: nothing to store
 * or leak from the database. Standard Webhooks form (`whsec_` and base64), decision 139.
 */
export function accountWebhookSecret(serverSecret: string, accountUid: string): string {
  return `whsec_${createHmac('sha256', serverSecret).update(`webhook:${accountUid}`).digest('base64')}`;
}

/**
 * The secret an account's scan callbacks are signed with: derived from the server secret
 * (JWT_SECRET, or the one generated under DATA_DIR), so API processes and workers agree.
 */
export function accountSecrets(config: Pick<Config, 'auth' | 'dataDir'>): (accountUid: string) => Promise<string> {
  let server: Promise<string> | null = null;
  return async (accountUid) => {
    server ??= config.auth.jwtSecret ? Promise.resolve(config.auth.jwtSecret) : loadOrCreateJwtSecret(config.dataDir);
    return accountWebhookSecret(await server, accountUid);
  };
}
