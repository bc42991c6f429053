import { describe, expect, it } from 'vitest';
import { logoHash } from './logo-hash.ts';
import { matchLogoHash } from './logo-match.ts';
import { isPlainShape, PLAIN_SHAPE_HASHES, PLAIN_SHAPE_SVGS } from './plain-shapes.ts';

const bytes = (svg: string) => new TextEncoder().encode(svg);

describe('plain-shape icons', () => {
  it('keeps the hashes of the plain shapes as logoHash computes them', async () => {
    const hashes = await Promise.all(PLAIN_SHAPE_SVGS.map((svg) => logoHash(bytes(svg))));
    expect([...new Set(hashes.filter((hash) => hash !== null))]).toEqual(PLAIN_SHAPE_HASHES);
  });

  it('matches no catalogue logo for a one-colour disc favicon, while a drawn mark still can be compared', async () => {
    const disc = await logoHash(
      bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#2870ed"/></svg>'),
    );
    expect(disc && isPlainShape(disc)).toBe(true);
    expect(matchLogoHash(disc!)).toEqual([]);
    const mark = await logoHash(
      bytes(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M2 30L16 2l14 28z"/><rect x="12" y="18" width="8" height="12" fill="#fff"/></svg>',
      ),
    );
    expect(mark && isPlainShape(mark)).toBe(false);
  });
});
