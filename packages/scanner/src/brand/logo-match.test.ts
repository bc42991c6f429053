import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hashOfIcon } from './build-logo-hashes.ts';
import logoHashes from './data/logo-hashes.json' with { type: 'json' };
import { brandLogoSvg, hashDistance, logoHash } from './logo-hash.ts';
import { findLogoImpersonation, matchLogoHash } from './logo-match.ts';

const require = createRequire(import.meta.url);

/** A brand's simple-icons logo as a site would copy it: another colour, favicon size, PNG. */
async function copiedLogo(slug: string, color: string, size: number): Promise<Buffer> {
  const svg = brandLogoSvg(await readFile(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8'), color);
  return sharp(Buffer.from(svg), { density: 300 })
    .resize(size, size, { fit: 'contain', background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

describe('logo hashes', () => {
  it('are up to date with the installed simple-icons', async () => {
    const stored = new Map(logoHashes as [string, string][]);
    for (const [slug, color] of [
      ['paypal', '003087'],
      ['netflix', 'E50914'],
      ['github', '181717'],
    ] as const) {
      expect(await hashOfIcon(slug, color)).toBe(stored.get(slug));
    }
  });

  it('stay close for a recoloured, resized copy and far for another logo', async () => {
    const original = await logoHash(await copiedLogo('paypal', '003087', 128));
    const copy = await logoHash(await copiedLogo('paypal', '1a4b9c', 32));
    const other = await logoHash(await copiedLogo('dropbox', '003087', 128));
    expect(original && copy && other).toBeTruthy();
    expect(hashDistance(original as string, copy as string)).toBeLessThanOrEqual(5);
    expect(hashDistance(original as string, other as string)).toBeGreaterThan(10);
  });

  it('are null for bytes that are no image and for blank images', async () => {
    expect(await logoHash(Buffer.from('not an image'))).toBeNull();
    const blank = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    expect(await logoHash(blank)).toBeNull();
  });
});

describe('findLogoImpersonation', () => {
  it('recognises a copied brand logo on a foreign domain, favicon-sized', async () => {
    const favicon = await copiedLogo('netflix', 'b20710', 16);
    const matches = await findLogoImpersonation('netflix-billing.example', favicon);
    expect(matches[0]?.brand.name).toBe('Netflix');
  });

  it('says nothing on the brand’s own domain', async () => {
    expect(await findLogoImpersonation('www.netflix.com', await copiedLogo('netflix', 'E50914', 32))).toEqual([]);
  });

  it('matches nothing for an unrelated picture', async () => {
    const stripes = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#ffffff' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect x="0" y="0" width="21" height="64" fill="#888"/><rect x="42" y="20" width="22" height="44" fill="#222"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const hash = await logoHash(stripes);
    expect(hash).not.toBeNull();
    expect(matchLogoHash(hash as string).map((match) => match.brand.name)).toEqual([]);
  });
});
