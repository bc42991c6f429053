import sharp from 'sharp';
import { squaredSvg } from './squared-svg.ts';

// dHash compares each of 8 rows' 9 pixels with their right neighbour: 64 bits.
const WIDTH = 9;
const HEIGHT = 8;
// A hash with almost all bits equal comes from a blank or flat image and would match any other.
const MIN_EDGE_BITS = 6;

/**
 * The difference hash (dHash) of an image, as 16 hex digits: alike images (resized, recoloured,
 * re-encoded) have hashes a few bits apart. Accepts what browsers show as icons: PNG, JPEG, GIF,
 * WebP, SVG. Null for bytes that are no image or an image too plain to compare.
 */
export async function logoHash(image: Uint8Array): Promise<string | null> {
  let pixels: Buffer;
  try {
    pixels = await sharp(image, { density: 144, limitInputPixels: 4096 * 4096 })
      .flatten({ background: '#ffffff' })
      .resize(WIDTH, HEIGHT, { fit: 'contain', background: '#ffffff' })
      .grayscale()
      .raw()
      .toBuffer();
  } catch {
    return null;
  }
  let bits = 0n;
  let set = 0;
  for (let row = 0; row < HEIGHT; row++) {
    for (let column = 0; column < WIDTH - 1; column++) {
      const brighter = (pixels[row * WIDTH + column] ?? 0) > (pixels[row * WIDTH + column + 1] ?? 0);
      bits = (bits << 1n) | (brighter ? 1n : 0n);
      if (brighter) set++;
    }
  }
  const total = (WIDTH - 1) * HEIGHT;
  if (set < MIN_EDGE_BITS || set > total - MIN_EDGE_BITS) return null;
  return bits.toString(16).padStart(16, '0');
}

/** An SVG document: its text starts, after a declaration, comments or a doctype, with the `<svg` element. */
const SVG_START = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i;

/**
 * The hash of a page's logo. A vector logo is squared around what it draws first (`squaredSvg`),
 * as the catalogue's icons are drawn; raster logos are hashed as they are.
 */
export async function pageLogoHash(image: Uint8Array): Promise<string | null> {
  const text = new TextDecoder().decode(image.subarray(0, 2048));
  if (!SVG_START.test(text)) return logoHash(image);
  const squared = await squaredSvg(new TextDecoder().decode(image));
  return logoHash(squared === null ? image : Buffer.from(squared));
}

/** Set bits of a 32-bit word (SWAR). */
function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * How many bits of two hex hashes differ (64 for logo hashes; shorter ones count as if padded with
 * leading zeros). Eight hex digits at a time in plain numbers: a page's logo is compared with two
 * thousand catalogue logos in every scan, which BigInt arithmetic made a visible share of it.
 */
export function hashDistance(a: string, b: string): number {
  const length = Math.max(a.length, b.length);
  const x = a.padStart(length, '0');
  const y = b.padStart(length, '0');
  let count = 0;
  for (let end = length; end > 0; end -= 8) {
    const start = Math.max(0, end - 8);
    count += popcount32(parseInt(x.slice(start, end), 16) ^ parseInt(y.slice(start, end), 16));
  }
  return count;
}

/** A simple-icons logo as the SVG a browser would draw: the brand's colour on white. */
export function brandLogoSvg(svg: string, color: string): string {
  return svg.replace('<svg ', `<svg fill="#${color}" `);
}
