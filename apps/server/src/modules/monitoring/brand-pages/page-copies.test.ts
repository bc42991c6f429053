import { describe, expect, it } from 'vitest';
import { closestCopy, similarityOf } from './page-copies.ts';

/** A 64-bit hash with the first `bits` bits flipped from all zeros. */
const flipped = (bits: number) => (bits === 0 ? 0n : ((1n << BigInt(bits)) - 1n) << BigInt(64 - bits)).toString(16).padStart(16, '0');
const login = {
  url: 'https://pixelforge.app/login',
  kind: 'login' as const,
  fingerprints: { screenshot: flipped(0), topFold: flipped(0), favicon: flipped(0), structure: flipped(0) },
};

describe('copies of the brand’s own pages', () => {
  it('names the closest match, visual first, in the finding’s words', () => {
    const copy = closestCopy({ screenshot: flipped(4), topFold: flipped(6), favicon: null, structure: flipped(4) }, [login]);
    expect(copy).toEqual({
      brand_page: login.url,
      kind: 'login',
      basis: 'screenshot',
      distance: 4,
      message: 'Copies your login page (visual distance 4/64)',
    });
    expect(similarityOf(copy!)).toBe(94);
  });

  it('takes the same kit under other texts by its structure', () => {
    const copy = closestCopy({ screenshot: flipped(30), topFold: null, favicon: null, structure: flipped(3) }, [login]);
    expect(copy).toMatchObject({ basis: 'structure', distance: 3, message: 'Copies your login page (structural distance 3/64)' });
  });

  it('is no copy past the distances re-deployed kits stay within, nor on a shared favicon alone', () => {
    expect(closestCopy({ screenshot: flipped(20), topFold: flipped(20), favicon: flipped(0), structure: flipped(20) }, [login])).toBeNull();
    expect(closestCopy({ screenshot: null, topFold: null, favicon: flipped(0), structure: null }, [login])).toBeNull();
    expect(closestCopy({ screenshot: flipped(1), topFold: null, favicon: null, structure: null }, [])).toBeNull();
  });
});
