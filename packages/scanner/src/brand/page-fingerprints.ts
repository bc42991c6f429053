import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { logoHash } from './logo-hash.ts';
import { perceptualHash } from './page-similarity.ts';

/**
 * The fingerprints that find a page's look-alikes among stored scans (issue 38) and compare a
 * look-alike with a brand's own pages: each a 64-bit hash as 16 hex digits, compared by how many
 * bits differ (`hashDistance`). Pure functions over what a scan already captured.
 */
export type PageFingerprints = {
  /** The whole screenshot's perceptual hash (`perceptualHash`). */
  screenshot: string | null;
  /** The top fold's (header, logo, the first form fields): survives a changed footer or a longer page. */
  topFold: string | null;
  /** The favicon's difference hash (`logoHash`), the same hash the logo matching uses. */
  favicon: string | null;
  /** SimHash of the DOM's tag, class and form structure with every text and address removed. */
  structure: string | null;
};

/**
 * How many bits two fingerprints of the same kind may differ by and still be "the same page":
 * measured on re-deployed kits (another host, another language, a recoloured button, a
 * re-encoded screenshot) against unrelated pages; see the look-alike precision test.
 */
export const LOOKALIKE_MAX_DISTANCE = { screenshot: 7, topFold: 7, favicon: 6, structure: 7 } as const;

/** The top fold is the upper third of the viewport screenshot. */
const TOP_FOLD_SHARE = 1 / 3;
/** A huge DOM still hashes in bounded time: its first elements carry the kit's frame. */
const MAX_ELEMENTS = 20_000;

/** Perceptual hash of the upper third of a screenshot; null for bytes that are no image. */
export async function topFoldHash(screenshot: Uint8Array): Promise<string | null> {
  try {
    const image = sharp(screenshot, { limitInputPixels: 8192 * 8192 });
    const { width = 0, height = 0 } = await image.metadata();
    const foldHeight = Math.floor(height * TOP_FOLD_SHARE);
    if (width === 0 || foldHeight === 0) return null;
    const fold = await image.extract({ left: 0, top: 0, width, height: foldHeight }).png().toBuffer();
    return perceptualHash(new Uint8Array(fold));
  } catch {
    return null;
  }
}

/** FNV-1a over a string with a given seed: two seeds make the 64 bits a feature votes with. */
function fnv32(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

// Attributes that say what a form asks for; their values are part of the kit, not of the host.
const FORM_ATTRIBUTES = ['type', 'name', 'autocomplete', 'method'] as const;
const FORM_TAGS = new Set(['form', 'input', 'select', 'textarea', 'button']);

/** The structural features of an HTML document: tag under its parent, classes, form fields. */
export function structureFeatures(html: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string) => features.set(feature, (features.get(feature) ?? 0) + 1);
  const stack: string[] = [];
  let elements = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (++elements > MAX_ELEMENTS) return;
        const parent = stack.at(-1) ?? '#root';
        add(`${parent}>${name}`);
        for (const className of (attributes.class ?? '').split(/\s+/)) if (className) add(`${name}.${className}`);
        if (FORM_TAGS.has(name)) {
          for (const attribute of FORM_ATTRIBUTES) {
            const value = attributes[attribute];
            if (value !== undefined) add(`${name}[${attribute}=${value.toLowerCase()}]`);
          }
        }
        stack.push(name);
      },
      onclosetag() {
        stack.pop();
      },
    },
    { lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return features;
}

/**
 * SimHash (Charikar) of the DOM's structure: each feature votes on 64 bits with its count, so
 * pages built from one kit land a few bits apart whatever their texts, links and host say.
 * Null for a document with too little structure to tell pages apart.
 */
export function structureHash(html: string): string | null {
  const features = structureFeatures(html);
  if (features.size < 8) return null;
  const votes = new Array<number>(64).fill(0);
  for (const [feature, count] of features) {
    const halves = [fnv32(feature, 0x811c9dc5), fnv32(feature, 0x050c5d1f)];
    for (let bit = 0; bit < 64; bit++) {
      const set = ((halves[bit >> 5] as number) >>> (bit & 31)) & 1;
      votes[bit] = (votes[bit] as number) + (set ? count : -count);
    }
  }
  let bits = 0n;
  for (let bit = 63; bit >= 0; bit--) bits = (bits << 1n) | ((votes[bit] as number) > 0 ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

// A hash with almost every bit equal comes from a blank or flat picture: it would "look like"
// every other blank page and crowd the band indexes, so it is no fingerprint.
const MIN_SET_BITS = 4;

function informative(hash: string | null): string | null {
  if (hash === null) return null;
  let set = 0;
  for (const digit of hash) for (let value = parseInt(digit, 16); value > 0; value >>= 1) set += value & 1;
  return set < MIN_SET_BITS || set > 64 - MIN_SET_BITS ? null : hash;
}

/** What a scan captured that its fingerprints come from; each part may be missing. */
export type FingerprintSources = { screenshot: Uint8Array | null; html: string | null; favicon: Uint8Array | null };

/** Every fingerprint of a captured page; a part that is missing, unusable or blank gives null. */
export async function pageFingerprints(sources: FingerprintSources): Promise<PageFingerprints> {
  const [screenshot, topFold, favicon] = await Promise.all([
    sources.screenshot ? perceptualHash(sources.screenshot) : null,
    sources.screenshot ? topFoldHash(sources.screenshot) : null,
    sources.favicon ? logoHash(sources.favicon) : null,
  ]);
  return {
    screenshot: informative(screenshot),
    topFold: informative(topFold),
    favicon,
    structure: sources.html ? structureHash(sources.html) : null,
  };
}
