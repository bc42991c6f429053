import sharp from 'sharp';

/** The density `logoHash` draws SVG at; the box is measured in the same drawing. */
const DENSITY = 144;
const ROOT = /<svg\b[^>]*>/i;
const VIEW_BOX = /\sviewBox\s*=\s*["']\s*([-\d.e]+)[\s,]+([-\d.e]+)[\s,]+([-\d.e]+)[\s,]+([-\d.e]+)/i;
const SIZING = /\s(?:viewBox|width|height|preserveAspectRatio)\s*=\s*(?:"[^"]*"|'[^']*')/gi;

/**
 * An SVG logo redrawn as simple-icons draw the catalogue's: its view box cut to what it draws and
 * widened to a square around it, 24 units a side. A kit's mark drawn on a wide canvas (the DB logo
 * in a 2560 × 1792 box shown at 206 × 129 pt) then hashes like the brand's icon. Null when the SVG
 * has no root element or draws nothing.
 */
export async function squaredSvg(svg: string): Promise<string | null> {
  const root = ROOT.exec(svg)?.[0];
  if (!root) return null;
  try {
    const { width, height } = await sharp(Buffer.from(svg), { density: DENSITY }).metadata();
    if (!width || !height) return null;
    const { info } = await sharp(Buffer.from(svg), { density: DENSITY })
      .flatten({ background: '#ffffff' })
      .trim()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const box = VIEW_BOX.exec(root)?.slice(1).map(Number) ?? [0, 0, width, height];
    const [x, y, boxWidth, boxHeight] = box as [number, number, number, number];
    // The view box sits centred in the drawing at one scale (`xMidYMid meet`, the default).
    const scale = Math.min(width / boxWidth, height / boxHeight);
    const left = x + (-(info.trimOffsetLeft ?? 0) - (width - boxWidth * scale) / 2) / scale;
    const top = y + (-(info.trimOffsetTop ?? 0) - (height - boxHeight * scale) / 2) / scale;
    const drawnWidth = info.width / scale;
    const drawnHeight = info.height / scale;
    const side = Math.max(drawnWidth, drawnHeight);
    const square = `${left - (side - drawnWidth) / 2} ${top - (side - drawnHeight) / 2} ${side} ${side}`;
    return svg.replace(root, root.replace(SIZING, '').replace(/^<svg\b/i, `<svg width="24" height="24" viewBox="${square}"`));
  } catch {
    return null;
  }
}
