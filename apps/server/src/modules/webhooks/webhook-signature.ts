import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'Riskscan-Signature';

/**
 * Signs a webhook body with its timestamp, so a receiver can check both who sent it and that it
 * is not an old delivery replayed: HMAC-SHA256 over `<timestamp>.<body>`.
 */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** The receiver's side: the signature matches and is at most `toleranceSeconds` old. */
export function verifyWebhook(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split('v1=')[1]!, 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Each account's callback signing secret, derived from the server secret: nothing to store or leak from the database. */
export function accountWebhookSecret(serverSecret: string, accountUid: string): string {
  return `whsec_${createHmac('sha256', serverSecret).update(`webhook:${accountUid}`).digest('base64url')}`;
}
