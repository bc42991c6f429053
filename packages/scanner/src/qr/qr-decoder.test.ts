import QRCode from 'qrcode';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.ts';
import { dataImageBytes, decodeQrImage, qrCodeTexts } from './qr-decoder.ts';

async function qrPng(text: string): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer(text, { type: 'png', margin: 2, scale: 6 }));
}

/** A PNG whose header declares the given size, with no pixel data behind it. */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A 16 x 16 greyscale PNG whose image data inflates to `megabytes` (a decompression bomb). */
function pngBomb(megabytes: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const data = deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]));
}

/** A WebP whose extended header declares a canvas its one frame does not fill, with garbage for a frame. */
function lyingWebp(): Uint8Array {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(4000 - 1, 4, 3);
  vp8x.writeUIntLE(4000 - 1, 7, 3);
  const frame = Buffer.concat([Buffer.from('VP8L'), Buffer.from([16, 0, 0, 0]), Buffer.alloc(16, 0xab)]);
  const body = Buffer.concat([Buffer.from('WEBP'), Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x, frame]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([riff, body]));
}

describe('QR decoder', { timeout: 60_000 }, () => {
  it('decodes the URL in a PNG', async () => {
    expect(await qrCodeTexts(await qrPng('https://mfa-reenrol.example/start'))).toEqual(['https://mfa-reenrol.example/start']);
  });

  it('decodes a JPEG and a WebP of the same code', async () => {
    const png = await qrPng('https://toll.example/pay');
    const jpeg = new Uint8Array(await sharp(png).jpeg({ quality: 95 }).toBuffer());
    const webp = new Uint8Array(await sharp(png).webp({ lossless: true }).toBuffer());
    expect(await qrCodeTexts(jpeg)).toEqual(['https://toll.example/pay']);
    expect(await qrCodeTexts(webp)).toEqual(['https://toll.example/pay']);
  });

  it('refuses an image whose header declares more than 16.7 million pixels, before decoding it', async () => {
    const decoding = await decodeQrImage(pngHeader(5000, 5000));
    expect(decoding).toEqual({ outcome: 'refused', reason: 'too-many-pixels', size: { format: 'png', width: 5000, height: 5000 } });
  });

  it('refuses bytes that are no image, and an empty file', async () => {
    expect(await decodeQrImage(new TextEncoder().encode('<html>not an image</html>'))).toEqual({
      outcome: 'refused',
      reason: 'not-an-image',
    });
    expect(await decodeQrImage(new Uint8Array())).toEqual({ outcome: 'refused', reason: 'empty' });
  });

  it('decodes an image without a code to no texts', async () => {
    const blank = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer(),
    );
    expect(await decodeQrImage(blank)).toEqual({ outcome: 'decoded', texts: [] });
  });

  it('reads the size from PNG, JPEG, GIF and WebP headers', async () => {
    const base = sharp({ create: { width: 300, height: 120, channels: 3, background: '#336699' } });
    expect(imageSize(new Uint8Array(await base.clone().png().toBuffer()))).toEqual({ format: 'png', width: 300, height: 120 });
    expect(imageSize(new Uint8Array(await base.clone().jpeg().toBuffer()))).toEqual({ format: 'jpeg', width: 300, height: 120 });
    expect(imageSize(new Uint8Array(await base.clone().gif().toBuffer()))).toEqual({ format: 'gif', width: 300, height: 120 });
    expect(imageSize(new Uint8Array(await base.clone().webp().toBuffer()))).toEqual({ format: 'webp', width: 300, height: 120 });
  });

  it('reads the bytes of a base64 data URL and nothing else', () => {
    expect(dataImageBytes('data:image/png;base64,AAEC')).toEqual(new Uint8Array([0, 1, 2]));
    expect(dataImageBytes('https://example.com/qr.png')).toBeNull();
    expect(Buffer.from(dataImageBytes('data:image/svg+xml;charset=utf-8,%3Csvg%3E%3Ctext%3EHi%3C/text%3E%3C/svg%3E')!).toString()).toBe(
      '<svg><text>Hi</text></svg>',
    );
  });

  it('refuses a PNG whose image data inflates far past its declared size, before decoding it', async () => {
    expect(await decodeQrImage(pngBomb(64))).toEqual({ outcome: 'refused', reason: 'inflates-too-large' });
  });

  it('counts a WebP whose canvas header lies as no image instead of failing', async () => {
    expect(imageSize(lyingWebp())).toEqual({ format: 'webp', width: 4000, height: 4000 });
    expect(await decodeQrImage(lyingWebp())).toEqual({ outcome: 'refused', reason: 'not-an-image' });
  });
});
