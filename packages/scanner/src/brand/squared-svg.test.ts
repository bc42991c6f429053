import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { brandLogoSvg, hashDistance, logoHash, pageLogoHash } from './logo-hash.ts';
import { brandsOfLogos } from './page-logos.ts';

const require = createRequire(import.meta.url);
const icon = (slug: string, color: string) => brandLogoSvg(readFileSync(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8'), color);
const bytes = (svg: string) => new TextEncoder().encode(svg);

describe('a page\u2019s vector logo, squared as the catalogue\u2019s icons are drawn', () => {
  // FlippieHacks' Deutsche Bahn portal draws the DB mark in a 2560 × 1792 box shown at 206 × 129 pt.
  const kitPage = readFileSync(new URL('../../../../fixtures/public-kits-3/fjord-vale-37.net/public/index.html', import.meta.url), 'utf8');
  const kitMark = kitPage.match(/<svg[\s\S]*?<\/svg>/)![0];

  it('hashes a mark drawn on a wide canvas like the brand\u2019s icon, and names the brand', async () => {
    const reference = await logoHash(bytes(icon('deutschebahn', 'F01414')));
    const asDrawn = await logoHash(bytes(kitMark));
    const squared = await pageLogoHash(bytes(kitMark));
    expect(hashDistance(asDrawn!, reference!)).toBeGreaterThan(10);
    expect(hashDistance(squared!, reference!)).toBeLessThanOrEqual(2);
    expect(brandsOfLogos([squared!]).map((brand) => brand.name)).toEqual(['Deutsche Bahn']);
  });

  it('leaves an icon already drawn in its square as it was, and raster images to logoHash', async () => {
    const paypal = icon('paypal', '003087');
    expect(hashDistance((await pageLogoHash(bytes(paypal)))!, (await logoHash(bytes(paypal)))!)).toBeLessThanOrEqual(1);
    expect(await pageLogoHash(bytes('not an image'))).toBeNull();
  });
});
