import { createHash, randomBytes } from 'node:crypto';

/** A random token for links and refresh: 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them without keeping them. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
