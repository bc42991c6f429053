import sharp from 'sharp';

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

/** How many of two hashes' 64 bits differ. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/** A simple-icons logo as the SVG a browser would draw: the brand's colour on white. */
export function brandLogoSvg(svg: string, color: string): string {
  return svg.replace('<svg ', `<svg fill="#${color}" `);
}
