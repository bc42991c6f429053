import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { logoHash } from './logo-hash.ts';

/**
 * The fingerprints that find a page's look-alikes among stored scans (issue 38) and compare a
 * look-alike with a brand's own pages: each a 64-bit hash as 16 hex digits, compared by how many
 * bits differ (`hashDistance`). Pure functions over what a scan already captured.
 */
export type PageFingerprints = {
  /** The whole screenshot's DCT perceptual hash (`screenshotHash`). */
  screenshot: string | null;
  /** The top fold's (header, logo, the first form fields): survives a changed footer or a longer page. */
  topFold: string | null;
  /** The favicon's difference hash (`logoHash`), the same hash the logo matching uses. */
  favicon: string | null;
  /** SimHash of the DOM's tag, class and form structure with every text, address and unseen element removed. */
  structure: string | null;
};

/**
 * How many bits two fingerprints of the same kind may differ by and still be "the same page":
 * measured on re-deployed kits (another host, another language, a recoloured button, a
 * re-encoded screenshot) against unrelated pages; see the look-alike precision test.
 */
export const LOOKALIKE_MAX_DISTANCE = { screenshot: 10, topFold: 10, favicon: 6, structure: 7 } as const;

/** The top fold is the upper third of the viewport screenshot. */
const TOP_FOLD_SHARE = 1 / 3;
/** A huge DOM still hashes in bounded time: its first elements carry the kit's frame. */
const MAX_ELEMENTS = 20_000;

const DCT_SIDE = 32;
/** Grey levels between the darkest and the lightest pixel below which a picture counts as blank. */
const MIN_CONTRAST = 8;
const DCT_KEPT = 8;
const COSINES = Array.from({ length: DCT_KEPT }, (_, u) =>
  Array.from({ length: DCT_SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * DCT_SIDE))),
);

/**
 * The DCT perceptual hash (pHash) of an image: grey, 32x32, the 8x8 lowest frequencies of its
 * discrete cosine transform, one bit per coefficient above their median. Keeps a page's layout
 * (where the dark and light masses are) and tells apart layouts the 8x8 mean hash confuses.
 * Null for bytes that are no image, or a blank or flat one: it would "look like" every other
 * blank page and crowd the band indexes.
 */
export async function screenshotHash(image: Uint8Array): Promise<string | null> {
  let pixels: Buffer;
  try {
    pixels = await sharp(image, { limitInputPixels: 8192 * 8192 })
      .flatten({ background: '#ffffff' })
      .grayscale()
      .resize(DCT_SIDE, DCT_SIDE, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
  if (Math.max(...pixels) - Math.min(...pixels) < MIN_CONTRAST) return null;
  // Rows first, then columns: only the kept frequencies are computed.
  const rows = Array.from({ length: DCT_SIDE }, (_, y) =>
    COSINES.map((cosines) => cosines.reduce((sum, cosine, x) => sum + cosine * (pixels[y * DCT_SIDE + x] as number), 0)),
  );
  const coefficients: number[] = [];
  for (let v = 0; v < DCT_KEPT; v++) {
    for (let u = 0; u < DCT_KEPT; u++) {
      coefficients.push((COSINES[v] as number[]).reduce((sum, cosine, y) => sum + cosine * ((rows[y] as number[])[u] as number), 0));
    }
  }
  // The first coefficient is the mean brightness: it says nothing of the layout.
  const median = [...coefficients.slice(1)].sort((a, b) => a - b)[Math.floor((coefficients.length - 1) / 2)] as number;
  let bits = 0n;
  for (const coefficient of coefficients) bits = (bits << 1n) | (coefficient > median ? 1n : 0n);
  return bits.toString(16).padStart(16, '0');
}

/** Perceptual hash of the upper third of a screenshot; null for bytes that are no image. */
export async function topFoldHash(screenshot: Uint8Array): Promise<string | null> {
  try {
    const image = sharp(screenshot, { limitInputPixels: 8192 * 8192 });
    const { width = 0, height = 0 } = await image.metadata();
    const foldHeight = Math.floor(height * TOP_FOLD_SHARE);
    if (width === 0 || foldHeight === 0) return null;
    const fold = await image.extract({ left: 0, top: 0, width, height: foldHeight }).png().toBuffer();
    return screenshotHash(new Uint8Array(fold));
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

/**
 * Elements a browser never shows, with all they contain: scripts, styles and the head's metadata.
 * A re-deployment adds and drops them freely (a host's tracker, an analytics snippet, a preload
 * link), so on a small kit of a dozen elements one of them would move the hash past the
 * look-alike distance while the page a visitor sees is the same.
 */
const UNSEEN_TAGS = new Set(['script', 'noscript', 'style', 'template', 'link', 'meta', 'base']);

/**
 * The structural features of an HTML document: tag under its parent and under its grandparent
 * (the path gives a small page's frame enough features to outvote one element more or less),
 * classes, form fields. Only what a visitor sees counts: unseen elements (`UNSEEN_TAGS`) and hidden form fields (a session or
 * token field a kit's panel adds per deployment) are left out.
 */
export function structureFeatures(html: string): Map<string, number> {
  const features = new Map<string, number>();
  const add = (feature: string) => features.set(feature, (features.get(feature) ?? 0) + 1);
  // Every open element, and whether it (or an element around it) is left out.
  const stack: { name: string; unseen: boolean }[] = [];
  let elements = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const unseen =
          (stack.at(-1)?.unseen ?? false) ||
          UNSEEN_TAGS.has(name) ||
          (name === 'input' && attributes.type?.trim().toLowerCase() === 'hidden');
        stack.push({ name, unseen });
        if (unseen || ++elements > MAX_ELEMENTS) return;
        const parent = stack.at(-2)?.name ?? '#root';
        add(`${parent}>${name}`);
        add(`${stack.at(-3)?.name ?? '#root'}>${parent}>${name}`);
        for (const className of (attributes.class ?? '').split(/\s+/)) if (className) add(`${name}.${className}`);
        if (FORM_TAGS.has(name)) {
          for (const attribute of FORM_ATTRIBUTES) {
            const value = attributes[attribute];
            if (value !== undefined) add(`${name}[${attribute}=${value.toLowerCase()}]`);
          }
        }
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

/** What a scan captured that its fingerprints come from; each part may be missing. */
export type FingerprintSources = { screenshot: Uint8Array | null; html: string | null; favicon: Uint8Array | null };

/** Every fingerprint of a captured page; a part that is missing, unusable or blank gives null. */
export async function pageFingerprints(sources: FingerprintSources): Promise<PageFingerprints> {
  const [screenshot, topFold, favicon] = await Promise.all([
    sources.screenshot ? screenshotHash(sources.screenshot) : null,
    sources.screenshot ? topFoldHash(sources.screenshot) : null,
    sources.favicon ? logoHash(sources.favicon) : null,
  ]);
  return { screenshot, topFold, favicon, structure: sources.html ? structureHash(sources.html) : null };
}
