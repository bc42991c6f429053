import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A random token for links and refresh: 256 bits, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them without keeping them. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Seals `secret` so that only a holder of `key` (a high-entropy token, never stored) can open it:
 * AES-256-GCM under a key derived from `key` with HKDF. Output: base64url of iv | tag | ciphertext.
 */
export function sealWithToken(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(key), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** Opens what `sealWithToken` sealed; null when the key does not fit or the text was altered. */
export function openWithToken(key: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(key), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function derivedKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, '', 'riskscan refresh-token successor', 32));
}
