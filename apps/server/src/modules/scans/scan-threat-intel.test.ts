import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THREAT_INTEL_CATEGORY } from '@riskscan/scanner';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** Full scans carry the fast verdict as a check, and a dangerous public scan lists its URL for later verdicts. */
let t: ScanTestWorld;
let token: string;

beforeAll(async () => {
  t = await startScanTestWorld();
  token = (await t.signedInUser()).token;
});

afterAll(async () => {
  await t.close();
});

const checkUrl = (query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { new: 'true', ...query }, headers: bearer(token) });
const ownListing = async (url: string) => {
  const [verdict] = await t.app.lookup.lookup([url]);
  return verdict && 'reasons' in verdict ? verdict.reasons.filter((reason) => reason.message.includes('riskscan')) : [];
};

describe('threat intelligence in the full scan', () => {
  it('reports brand impersonation in the address as a scored check', async () => {
    const report = (await checkUrl({ url: 'https://paypal.com.account-verify-center.net/' })).json().data;
    const category = report.checks.find((entry: { category: string }) => entry.category === THREAT_INTEL_CATEGORY);
    const brand = category.details.find((detail: { name: string }) => detail.name === 'threat_brand_impersonation');
    expect(brand.risk_score).toBeGreaterThanOrEqual(60);
    expect(brand.message).toContain('PayPal');
  });

  it('publishes a dangerous public scan backed by its page, but never a private one', async () => {
    const privateUrl = 'https://paypal.com.account-verify-center.net/';
    const privateReport = (await checkUrl({ url: privateUrl, private: 'true' })).json().data;
    expect(privateReport.risk_score_text.name).toBe('Danger');
    expect(await ownListing(privateUrl)).toEqual([]);

    const publicUrl = 'https://chase-secure-verify.com/';
    const report = (await checkUrl({ url: publicUrl })).json().data;
    expect(report.risk_score_text.name).toBe('Danger');
    const listing = await ownListing(report.final_url);
    // A listed site root stands for its whole host (decision 030).
    expect(listing.map((reason) => reason.code)).toEqual(['reputation_host']);
  });

  it('never counts our own earlier verdict, and a clean rescan retracts it', async () => {
    // An earlier wrong verdict on an honest site, as a false positive would leave it.
    await t.app.reputation.publish(FIXTURE_URL, { threat: 'phishing', evidence: ['page'], confidence: 70 });
    expect(await ownListing(FIXTURE_URL)).toHaveLength(1);
    const report = (await checkUrl({ url: FIXTURE_URL })).json().data;
    expect(report.overall_risk).toBeLessThan(60);
    const category = report.checks.find((entry: { category: string }) => entry.category === THREAT_INTEL_CATEGORY);
    expect(category.details.find((detail: { name: string }) => detail.name === 'threat_reputation').risk_score).toBe(0);
    expect(await ownListing(FIXTURE_URL)).toEqual([]);
  });
});
