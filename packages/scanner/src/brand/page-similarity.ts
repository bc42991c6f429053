import sharp from 'sharp';
import { hashDistance } from './logo-hash.ts';

/**
 * How much a look-alike's page resembles the original's, as dnstwist measures it: a fuzzy hash
 * of the HTML (its `--lsh`, ssdeep by default) and a perceptual hash of the screenshot (its
 * `--phash`), both as 0-100. Pure functions over what a scan already captured (HTML and the PNG
 * screenshot), so fetching stays with the egress guard and the browser pool.
 */

const WINDOW = 7;
const MIN_BLOCK = 3;
const SIGNATURE = 64;
const FNV_PRIME = 0x01000193;
const HASH_INIT = 0x28021967;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The ssdeep (spamsum) fuzzy hash of some bytes, `blocksize:signature:signature2`: a rolling
 * hash over 7 bytes cuts the input where its content decides, so an edit changes only the
 * pieces around it and alike inputs keep alike signatures.
 */
export function fuzzyHash(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let block = MIN_BLOCK;
  while (block * SIGNATURE < bytes.length) block *= 2;
  for (;;) {
    const window = new Uint8Array(WINDOW);
    let h1 = 0;
    let h2 = 0;
    let h3 = 0;
    let position = 0;
    let piece = HASH_INIT;
    let piece2 = HASH_INIT;
    let first = '';
    let second = '';
    for (const byte of bytes) {
      h2 = (h2 - h1 + WINDOW * byte) >>> 0;
      h1 = (h1 + byte - (window[position % WINDOW] as number)) >>> 0;
      window[position % WINDOW] = byte;
      position++;
      h3 = ((h3 << 5) ^ byte) >>> 0;
      const rolling = (h1 + h2 + h3) >>> 0;
      piece = (Math.imul(piece, FNV_PRIME) ^ byte) >>> 0;
      piece2 = (Math.imul(piece2, FNV_PRIME) ^ byte) >>> 0;
      if (rolling % block === block - 1 && first.length < SIGNATURE - 1) {
        first += BASE64[piece % 64];
        piece = HASH_INIT;
      }
      if (rolling % (block * 2) === block * 2 - 1 && second.length < SIGNATURE / 2 - 1) {
        second += BASE64[piece2 % 64];
        piece2 = HASH_INIT;
      }
    }
    if (bytes.length > 0) {
      first += BASE64[piece % 64];
      second += BASE64[piece2 % 64];
    }
    if (block > MIN_BLOCK && first.length < SIGNATURE / 2) {
      block /= 2;
      continue;
    }
    return `${block}:${first}:${second}`;
  }
}

/** Runs of more than three equal characters say little and are cut to three, as ssdeep does. */
const squeeze = (signature: string) => signature.replace(/(.)\1{3,}/g, '$1$1$1');

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 2);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, change));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

function hasCommonRun(a: string, b: string): boolean {
  const runs = new Set<string>();
  for (let i = 0; i + WINDOW <= a.length; i++) runs.add(a.slice(i, i + WINDOW));
  for (let i = 0; i + WINDOW <= b.length; i++) if (runs.has(b.slice(i, i + WINDOW))) return true;
  return false;
}

function scoreSignatures(a: string, b: string, block: number): number {
  if (a.length < WINDOW || b.length < WINDOW || !hasCommonRun(a, b)) return 0;
  const scaled = Math.floor((editDistance(a, b) * SIGNATURE) / (a.length + b.length));
  const score = 100 - Math.floor((100 * scaled) / SIGNATURE);
  if (score <= 0) return 0;
  // Small inputs make short signatures whose matches mean less.
  const cap = Math.floor(block / MIN_BLOCK) * Math.min(a.length, b.length);
  return block >= Math.floor((99 + WINDOW) / WINDOW) * MIN_BLOCK ? score : Math.min(score, cap);
}

/** ssdeep's comparison of two fuzzy hashes, 0 (unrelated) to 100 (the same). */
export function fuzzyHashSimilarity(a: string, b: string): number {
  const [blockA = '0', firstA = '', secondA = ''] = a.split(':');
  const [blockB = '0', firstB = '', secondB = ''] = b.split(':');
  const sizeA = Number(blockA);
  const sizeB = Number(blockB);
  if (a === b) return 100;
  if (sizeA === sizeB) {
    return Math.max(
      scoreSignatures(squeeze(firstA), squeeze(firstB), sizeA),
      scoreSignatures(squeeze(secondA), squeeze(secondB), sizeA * 2),
    );
  }
  if (sizeA === sizeB * 2) return scoreSignatures(squeeze(firstA), squeeze(secondB), sizeA);
  if (sizeB === sizeA * 2) return scoreSignatures(squeeze(secondA), squeeze(firstB), sizeB);
  return 0;
}

/**
 * dnstwist's normalisation before hashing a page: whitespace collapsed, link, form and source
 * addresses emptied (they name the host, which always differs), `url(...)` emptied. Its patterns
 * are greedy and its `url(.+)` is a group, not parentheses, so everything from the first `url`
 * on goes; kept as is so that scores match dnstwist's.
 */
export function normalizeHtml(html: string): string {
  return html
    .split(/\s+/)
    .filter((part) => part !== '')
    .join(' ')
    .replace(/(action|src|href)=".+"/gi, (match) => `${match.split('=')[0] as string}=""`)
    .replace(/url.+/gi, 'url()');
}

/** How alike two pages' HTML is, 0-100, as dnstwist's `--lsh` (ssdeep) reports it. */
export function htmlSimilarity(htmlA: string, htmlB: string): number {
  return fuzzyHashSimilarity(fuzzyHash(normalizeHtml(htmlA)), fuzzyHash(normalizeHtml(htmlB)));
}

const PHASH_SIDE = 8;

/**
 * dnstwist's perceptual hash of a screenshot: grey, shrunk to 8x8 (Lanczos), one bit per pixel
 * brighter than the mean; 16 hex digits. Null for bytes that are no image.
 */
export async function perceptualHash(image: Uint8Array): Promise<string | null> {
  let pixels: Buffer;
  try {
    pixels = await sharp(image, { limitInputPixels: 8192 * 8192 })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .resize(PHASH_SIDE, PHASH_SIDE, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
  let sum = 0;
  for (const value of pixels) sum += value;
  const mean = sum / pixels.length;
  let bits = 0n;
  for (const value of pixels) bits = (bits << 1n) | (value > mean ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** dnstwist's score of two perceptual hashes, 0-100: it falls off fast with the bits that differ. */
export function hashSimilarity(a: string, b: string): number {
  const bits = PHASH_SIDE * PHASH_SIDE;
  const score = Math.trunc((1 + Math.E ** ((bits - hashDistance(a, b)) / bits) - Math.E) * 100);
  return Math.max(0, score);
}

/** How alike two screenshots look, 0-100 (dnstwist's `--phash`); 0 when either is no image. */
export async function visualSimilarity(pngA: Uint8Array, pngB: Uint8Array): Promise<number> {
  const [a, b] = await Promise.all([perceptualHash(pngA), perceptualHash(pngB)]);
  return a === null || b === null ? 0 : hashSimilarity(a, b);
}
