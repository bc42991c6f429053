import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SITES_DIR } from '../testing/fixture-server.ts';
import { hashDistance, logoHash } from './logo-hash.ts';
import { matchLogoHash } from './logo-match.ts';
import { brandsOfLogos } from './page-logos.ts';

const hashOf = async (file: string) => {
  const hash = await logoHash(readFileSync(`${FIXTURE_SITES_DIR}${file}`));
  if (!hash) throw new Error(`${file} has no hash`);
  return hash;
};

describe('brands of a page\u2019s favicon and logo', () => {
  it('knows PayPal by its mark alone, as the page brand catalogue names it', async () => {
    const brands = brandsOfLogos([await hashOf('account-review-centre.com/public/img/mark.svg')]);
    expect(brands.map((brand) => brand.name)).toEqual(['PayPal']);
    expect(brands[0]!.domains).toContain('paypal.com');
  });

  it('counts differing bits in plain numbers, across both halves, shorter hashes padded', () => {
    expect(hashDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hashDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hashDistance('c0d8f0a4b8a0e060', 'c0d8f0a4b8a0e061')).toBe(1);
    expect(hashDistance('1', '0000000000000003')).toBe(1);
  });

  it('takes no wide wordmark for a brand: its hash is mostly padding and near many', async () => {
    const wordmark = await hashOf('acme-cloud-portal.com/public/assets/acme-logo.svg');
    // The raw comparison would call the club's wordmark a brand's.
    expect(matchLogoHash(wordmark).length).toBeGreaterThan(0);
    expect(brandsOfLogos([wordmark])).toEqual([]);
  });

  it('takes no busy image for a brand whose own catalogue logo is a sparse wordmark', () => {
    // Paychex's catalogue hash has 6 edges (0000008aa8000000): any 12-edge image holding them is within reach.
    const busy = '0000008aa800003f';
    expect(matchLogoHash(busy).map((match) => match.brand.name)).toContain('Paychex');
    expect(brandsOfLogos([busy]).map((brand) => brand.name)).not.toContain('Paychex');
  });
});
