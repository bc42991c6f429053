import { dataImageBytes, qrCodeTexts } from './qr-decoder.ts';

const DATA_IMAGE = /data:image\/(?:png|jpe?g|gif|bmp|webp);base64,[a-z0-9+/=]+/gi;
// Kits embed one code; a page with more inline images is rarely a lure, and each costs a decode.
const MAX_IMAGES = 4;

/**
 * QR codes in a page read without a browser: the images embedded in its HTML as base64 data
 * URLs, as QR phishing pages and HTML attachments carry them. With a browser, the render stage
 * reads every drawn image and canvas instead.
 */
export async function staticQrCodes(html: string | null): Promise<string[]> {
  if (!html) return [];
  const images = (html.match(DATA_IMAGE) ?? []).slice(0, MAX_IMAGES);
  const texts: string[] = [];
  for (const src of images) {
    const bytes = dataImageBytes(src);
    if (bytes) texts.push(...(await qrCodeTexts(bytes)));
  }
  return [...new Set(texts)];
}
