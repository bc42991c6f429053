import { type FakeSafeBrowsing, startFakeSafeBrowsing } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putOnPlan } from '../billing/memberships/testing/billing-fixtures.ts';
import { bearer, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** The full scan asks Google Safe Browsing only for accounts whose plan has `external_reputation` (decision 156). */
let fake: FakeSafeBrowsing;
let t: ScanTestWorld;

beforeAll(async () => {
  fake = await startFakeSafeBrowsing({});
  t = await startScanTestWorld({ env: { SAFE_BROWSING_API_KEY: fake.apiKey, SAFE_BROWSING_URL: fake.baseUrl } });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

async function scanAs(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/check-url/',
    query: { url: FIXTURE_URL, new: 'true' },
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const askedAboutFixture = () => fake.calls.filter((call) => call.urls.includes(FIXTURE_URL)).length;

describe('Safe Browsing in the full scan follows the plan', () => {
  it('is not asked for a scan by a Free-plan account', async () => {
    const free = await t.signedInUser();
    fake.calls.length = 0;
    const report = await scanAs(free.token);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(askedAboutFixture()).toBe(0);
  });

  it('is asked for a scan by an account whose plan has external reputation', async () => {
    const paid = await t.signedInUser();
    await putOnPlan(t.app, paid.id, 'Business');
    fake.calls.length = 0;
    const report = await scanAs(paid.token);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(askedAboutFixture()).toBe(1);
  });
});
