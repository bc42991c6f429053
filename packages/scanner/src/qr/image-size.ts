/** Width and height read from an image's header, before anything decodes its pixels. */
export interface ImageSize {
  format: 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp';
  width: number;
  height: number;
}

function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  // The IHDR chunk is always first: 8-byte signature, 4-byte length, 'IHDR', width, height.
  if (bytes.length < 24 || view.getUint32(0) !== 0x89504e47 || view.getUint32(12) !== 0x49484452) return null;
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

function gifSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  const magic = String.fromCharCode(...bytes.subarray(0, 6));
  if (bytes.length < 10 || (magic !== 'GIF87a' && magic !== 'GIF89a')) return null;
  return { format: 'gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function bmpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return null;
  // BITMAPINFOHEADER and later; a negative height means rows are stored top-down.
  return { format: 'bmp', width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 30 || view.getUint32(0) !== 0x52494646 || view.getUint32(8) !== 0x57454250) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === 'VP8X') {
    const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
    const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
    return { format: 'webp', width, height };
  }
  if (chunk === 'VP8 ') return { format: 'webp', width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // SOF0..SOF15 carry the frame size; DHT (C4), JPG (C8) and DAC (CC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

/** The size an image declares in its header; null when the bytes are no image format we read. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return pngSize(bytes, view) ?? jpegSize(bytes, view) ?? gifSize(bytes, view) ?? bmpSize(bytes, view) ?? webpSize(bytes, view);
}
