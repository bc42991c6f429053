import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SITES_DIR } from '../testing/fixture-server.ts';
import { logoHash } from './logo-hash.ts';
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

  it('takes no wide wordmark for a brand: its hash is mostly padding and near many', async () => {
    const wordmark = await hashOf('acme-cloud-portal.com/public/assets/acme-logo.svg');
    // The raw comparison would call the club's wordmark a brand's.
    expect(matchLogoHash(wordmark).length).toBeGreaterThan(0);
    expect(brandsOfLogos([wordmark])).toEqual([]);
  });
});
