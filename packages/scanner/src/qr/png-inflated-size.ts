import { createInflate } from 'node:zlib';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The most bytes a PNG's image data may inflate to, from its header: one filter byte per row
 * plus the row's pixels (Adam7 interlacing adds at most as much again). A small file whose data
 * inflates far past this is a decompression bomb, whatever its header says.
 */
function inflatedBound(bytes: Uint8Array, view: DataView): number {
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const bitDepth = bytes[24]!;
  const channels = CHANNELS[bytes[25]!] ?? 4;
  const rowBytes = Math.ceil((width * channels * Math.max(bitDepth, 1)) / 8);
  const plain = height * (1 + rowBytes);
  return (bytes[28] === 1 ? 2 * plain : plain) + 1024;
}

/** The concatenated IDAT chunks of a PNG (its compressed image data). */
function imageData(bytes: Uint8Array, view: DataView): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 8; offset + 8 <= bytes.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const end = Math.min(bytes.length, offset + 8 + length);
    if (type === 'IDAT') chunks.push(Buffer.from(bytes.buffer, bytes.byteOffset + offset + 8, end - offset - 8));
    if (type === 'IEND') break;
    offset = end + 4;
  }
  return chunks;
}

/**
 * Whether a PNG's image data inflates within what its header allows. Inflates as a stream and
 * counts, keeping nothing, and stops as soon as the bound is passed: the check costs no memory
 * however far the data would inflate.
 */
export function pngInflatesWithinBound(bytes: Uint8Array): Promise<boolean> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bound = inflatedBound(bytes, view);
  return new Promise((resolve) => {
    const inflate = createInflate();
    let seen = 0;
    inflate.on('data', (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > bound) {
        inflate.destroy();
        resolve(false);
      }
    });
    // Broken data is the decoder's to refuse; only the size is judged here.
    inflate.on('error', () => resolve(seen <= bound));
    inflate.on('end', () => resolve(seen <= bound));
    for (const chunk of imageData(bytes, view)) inflate.write(chunk);
    inflate.end();
  });
}
