import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'rsk_';
/** What a listing shows of a key so its owner can tell keys apart. */
const SHOWN_CHARACTERS = 12;

/** 192 random bits: a plain SHA-256 is enough at rest, no slow hash needed for a key nobody chose. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_CHARACTERS), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
