import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// Images larger than this are photos, not QR codes sent to be scanned; decoding them costs time.
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

let ready: Promise<unknown> | null = null;

/**
 * Loads the zxing-cpp reader from the wasm file shipped in the npm package. Left to itself the
 * library would fetch the wasm from a CDN; a server never should, so the bytes are handed over.
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
 * The texts of the QR codes in an encoded image (PNG, JPEG, GIF, BMP: zxing-cpp decodes the file
 * itself). An image that is not one, or holds no code, yields nothing.
 */
export async function qrCodeTexts(image: Uint8Array): Promise<string[]> {
  if (image.byteLength === 0 || image.byteLength > MAX_IMAGE_BYTES) return [];
  await prepareReader();
  const results = await readBarcodes(image, { formats: ['QRCode', 'MicroQRCode'], tryHarder: true, maxNumberOfSymbols: 8 });
  return results.filter((result) => result.isValid && result.text !== '').map((result) => result.text);
}
