import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { boundedTask, runBounded, type WorkLimits } from '../bounded-work/index.ts';
import { imageSize, type ImageSize } from './image-size.ts';
import { pngInflatesWithinBound } from './png-inflated-size.ts';

/**
 * Limits on what is handed to the decoder. The pixel bound is checked from the header before any
 * decoding: a small file can declare a huge canvas (a decompression bomb), and zxing would allocate
 * it all. QR codes sent to be scanned are far smaller than either bound.
 */
export const QR_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 4096 * 4096 } as const;

/** What decoding an image gave: the codes' texts, or why the image was not decoded. */
export type QrDecoding =
  | { outcome: 'decoded'; texts: string[] }
  | { outcome: 'refused'; reason: 'empty' | 'too-many-bytes' | 'not-an-image' | 'inflates-too-large' }
  | { outcome: 'refused'; reason: 'too-many-pixels'; size: ImageSize };

let ready: Promise<unknown> | null = null;

/**
 * Loads the zxing-cpp reader from the wasm file shipped in the npm package. Left to itself the
 * library would fetch the wasm from a CDN; a scanner never should, so the bytes are handed over.
 */
function prepareReader(): Promise<unknown> {
  if (!ready) {
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer;
    ready = Promise.resolve(prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }));
  }
  return ready;
}

/**
 * Decodes the QR codes in an encoded image (PNG, JPEG, GIF, BMP, WebP). The one decoder for
 * e-mail triage and page scans. An image that holds no code decodes to no texts.
 */
export async function decodeQrImage(image: Uint8Array): Promise<QrDecoding> {
  if (image.byteLength === 0) return { outcome: 'refused', reason: 'empty' };
  if (image.byteLength > QR_LIMITS.maxBytes) return { outcome: 'refused', reason: 'too-many-bytes' };
  const size = imageSize(image);
  if (!size) return { outcome: 'refused', reason: 'not-an-image' };
  if (size.width * size.height > QR_LIMITS.maxPixels) return { outcome: 'refused', reason: 'too-many-pixels', size };
  if (size.format === 'png' && !(await pngInflatesWithinBound(image))) return { outcome: 'refused', reason: 'inflates-too-large' };
  await prepareReader();
  try {
    // zxing-cpp reads PNG, JPEG, GIF and BMP files itself; WebP is turned into a PNG first.
    const readable =
      size.format === 'webp' ? new Uint8Array(await sharp(image, { limitInputPixels: QR_LIMITS.maxPixels }).png().toBuffer()) : image;
    const results = await readBarcodes(readable, { formats: ['QRCode', 'MicroQRCode'], tryHarder: true, maxNumberOfSymbols: 8 });
    return { outcome: 'decoded', texts: results.filter((result) => result.isValid && result.text !== '').map((result) => result.text) };
  } catch {
    // A header that lies about the data behind it (a WebP canvas larger than its frames): no image.
    return { outcome: 'refused', reason: 'not-an-image' };
  }
}

/** What decoding one image may use, in its worker thread. */
export const QR_DECODE_LIMITS: WorkLimits = { memoryMb: 128, timeMs: 10_000, outputBytes: 256 * 1024 };

const decodeTask = boundedTask<Uint8Array, QrDecoding>(new URL(import.meta.url), 'decodeQrImage');

/** `decodeQrImage` in a worker thread under `QR_DECODE_LIMITS`; past a limit the image counts as unreadable. */
export async function decodeQrImageBounded(image: Uint8Array): Promise<QrDecoding> {
  try {
    return await runBounded(decodeTask, image, QR_DECODE_LIMITS);
  } catch {
    return { outcome: 'refused', reason: 'not-an-image' };
  }
}

/** The texts of the QR codes in an image (decoded in a bounded worker); none when it was refused or holds none. */
export async function qrCodeTexts(image: Uint8Array): Promise<string[]> {
  const decoding = await decodeQrImageBounded(image);
  return decoding.outcome === 'decoded' ? decoding.texts : [];
}

/** The bytes of a `data:image/...;base64,` address or of a percent-encoded SVG one, null for anything else. */
export function dataImageBytes(src: string): Uint8Array | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([a-z0-9+/=\s]+)$/i.exec(src);
  if (match) return new Uint8Array(Buffer.from(match[1]!, 'base64'));
  // An SVG is text and is as often written percent-encoded (`data:image/svg+xml;charset=utf-8,%3Csvg…`).
  const text = /^data:image\/svg\+xml(?:;[^,;]*)*,(.*)$/is.exec(src);
  if (!text) return null;
  try {
    return new Uint8Array(Buffer.from(decodeURIComponent(text[1]!), 'utf8'));
  } catch {
    return null;
  }
}
