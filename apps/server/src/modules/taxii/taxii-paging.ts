import type { FeedPosition } from './indicator-sources.ts';

export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 1000;

/** TAXII `next`: an opaque token for the position after a page's last object. */
export function encodeNext(position: { added: Date; key: string }): string {
  return Buffer.from(JSON.stringify([position.added.getTime(), position.key])).toString('base64url');
}

export function decodeNext(token: string): FeedPosition | null {
  try {
    const [time, key] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown[];
    if (typeof time !== 'number' || typeof key !== 'string' || !Number.isFinite(time)) return null;
    return { added: new Date(time), key };
  } catch {
    return null;
  }
}

/** STIX/TAXII timestamp: RFC 3339 in UTC with a `Z`. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;

export function parseTimestamp(value: string): Date | null {
  if (!TIMESTAMP.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}
