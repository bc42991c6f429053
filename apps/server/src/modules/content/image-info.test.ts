import { describe, expect, it } from 'vitest';
import { imageInfo, UnsupportedImageError } from './image-info.ts';

describe('imageInfo', () => {
  it('reads an SVG size from width and height, or from the viewBox', () => {
    expect(imageInfo('a.svg', Buffer.from('<svg width="640" height="320" viewBox="0 0 10 10"></svg>'))).toEqual({
      mimeType: 'image/svg+xml',
      width: 640,
      height: 320,
    });
    expect(imageInfo('a.svg', Buffer.from('<svg viewBox="0 0 1200 630"></svg>'))).toEqual({
      mimeType: 'image/svg+xml',
      width: 1200,
      height: 630,
    });
  });

  it('reads a PNG size from its header', () => {
    const png = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.writeUInt32BE(800, 16);
    png.writeUInt32BE(418, 20);
    expect(imageInfo('a.png', png)).toEqual({ mimeType: 'image/png', width: 800, height: 418 });
  });

  it('refuses other files and broken images', () => {
    expect(() => imageInfo('a.gif', Buffer.from('GIF89a'))).toThrow(UnsupportedImageError);
    expect(() => imageInfo('a.png', Buffer.from('not a png'))).toThrow(UnsupportedImageError);
    expect(() => imageInfo('a.svg', Buffer.from('<svg></svg>'))).toThrow(UnsupportedImageError);
  });
});
