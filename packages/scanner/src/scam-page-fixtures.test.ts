import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from './scan.ts';
import { loadFixtureSites } from './testing/fixture-server.ts';
import { startFixtureWorld, type FixtureWorld } from './testing/fixture-world.ts';

/** Scam pages without a brand, and the honest pages that look most like them, scanned under their own names. */
const SCAMS: readonly [host: string, detail: string, minimum: number][] = [
  ['nordwind-outdoor-sale.shop', 'page_fake_shop', 60],
  ['sneaker-vault-outlet.store', 'page_fake_shop', 70],
  ['crypto-anniversary-event.live', 'page_giveaway_scam', 80],
  ['quantum-yield-capital.net', 'page_giveaway_scam', 60],
  ['verify-human-check.top', 'page_fake_captcha', 80],
  ['docview-render-fix.click', 'page_fake_captcha', 80],
  ['pc-security-alert.support', 'page_tech_support_scam', 80],
];
const LOOKALIKES = ['lindqvist-ceramics.se', 'northwind-outfitters.com', 'threatnotes-journal.net', 'coinharbor.com'];
const SCAM_DETAILS = ['page_fake_shop', 'page_giveaway_scam', 'page_fake_captcha', 'page_tech_support_scam'];

const sites = new Map(loadFixtureSites().map((site) => [site.host, site]));
let world: FixtureWorld;

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

async function scanHost(host: string) {
  const site = sites.get(host);
  if (!site) throw new Error(`no fixture site ${host}`);
  const result = await scan(site.entryUrl, world.scanOptions);
  const details = new Map(result.checks.flatMap((category) => category.details).map((detail) => [detail.name, detail]));
  return { result, details };
}

describe('page signals for scams without a brand', () => {
  it.each(SCAMS)('%s: %s reaches %i on its own and the site is classified as a scam or malware', async (host, detail, minimum) => {
    const { result, details } = await scanHost(host);
    expect(details.get(detail)?.risk_score, details.get(detail)?.message).toBeGreaterThanOrEqual(minimum);
    expect(details.get(detail)?.message).not.toBe('');
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
    expect(result.classification.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([sites.get(host)!.manifest.expectedClassification]),
    );
    expect(
      result.checks.some((category) =>
        category.details.some((entry) => entry.name === 'page_brand_impersonation' && entry.risk_score >= 40),
      ),
    ).toBe(false);
  });

  it('names what makes the copied shop fake', async () => {
    const message = (await scanHost('nordwind-outdoor-sale.shop')).details.get('page_fake_shop')?.message ?? '';
    expect(message).toContain('northwind-outfitters.com');
    expect(message).toMatch(/discounts of up to 90%/);
    expect(message).toMatch(/cryptocurrency|prepayment/);
    expect(message).toMatch(/no imprint/);
  });

  it.each(LOOKALIKES)('%s (honest shop, exchange or article about scams) triggers none of the scam details', async (host) => {
    const { result, details } = await scanHost(host);
    const fired = SCAM_DETAILS.filter((name) => (details.get(name)?.risk_score ?? 0) > 0).map(
      (name) => `${name}: ${details.get(name)?.message}`,
    );
    expect(fired).toEqual([]);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });
});
