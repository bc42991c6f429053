import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header a signed webhook carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'X-Riskscan-Signature';
/** Receivers should refuse signatures older than this, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The Standard Webhooks headers (standardwebhooks.com) every delivery carries beside `SIGNATURE_HEADER`. */
export const STANDARD_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

/**
 * A new signing secret in the Standard Webhooks form, `whsec_` and the base64 of 24 random bytes
 * (standard alphabet, no padding), so the `standardwebhooks` libraries take it as it is. Shown to
 * its owner once, then used to sign every delivery.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The Standard Webhooks key of a secret: the bytes its base64 after `whsec_` encodes (Node reads
 * both alphabets, so secrets issued in base64url before decision 139 work too).
 */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` is the delivery's id (the same on
 * every retry, so receivers can drop duplicates), `webhook-signature` is `v1,` and the base64
 * HMAC-SHA256 of `<id>.<timestamp>.<body>` under the secret's key.
 */
export function standardWebhookHeaders(
  secret: string,
  id: string,
  body: string,
  timestamp: number = Math.floor(Date.now() / 1000),
): Record<(typeof STANDARD_HEADERS)[keyof typeof STANDARD_HEADERS], string> {
  const signature = createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    [STANDARD_HEADERS.id]: id,
    [STANDARD_HEADERS.timestamp]: String(timestamp),
    [STANDARD_HEADERS.signature]: `v1,${signature}`,
  };
}

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header value for `body` sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** The receiver's side of docs/webhooks.md: true when `header` signs `body` with `secret`, recently. */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  now: number = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1');
  if (!Number.isInteger(timestamp) || !signature || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
