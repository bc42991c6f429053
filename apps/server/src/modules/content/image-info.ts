export type ImageInfo = { mimeType: string; width: number; height: number };

export class UnsupportedImageError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0];
  if (!root) return null;
  const attribute = (name: string) => new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1];
  const width = attribute('width');
  const height = attribute('height');
  if (width && height) return { width: Math.round(Number(width)), height: Math.round(Number(height)) };
  const viewBox = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  return viewBox ? { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) } : null;
}

/** Type and pixel size of an image the CMS serves (WordPress reports them as media_details). */
export function imageInfo(file: string, bytes: Buffer): ImageInfo {
  if (file.toLowerCase().endsWith('.png')) {
    if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new UnsupportedImageError(`${file} is not a PNG image`);
    return { mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (file.toLowerCase().endsWith('.svg')) {
    const size = svgSize(bytes.toString('utf8'));
    if (!size) throw new UnsupportedImageError(`${file}: an SVG needs width and height or a viewBox`);
    return { mimeType: 'image/svg+xml', ...size };
  }
  throw new UnsupportedImageError(`${file}: only SVG and PNG images are supported`);
}
