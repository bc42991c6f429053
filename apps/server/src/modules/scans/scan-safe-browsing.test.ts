import { type FakeSafeBrowsing, startFakeSafeBrowsing } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertActiveMembership } from '../billing/memberships/memberships.repository.ts';
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

async function onBusinessPlan(userId: number): Promise<void> {
  const business = await t.app.db.selectFrom('plans').select('id').where('name', '=', 'Business').executeTakeFirstOrThrow();
  await insertActiveMembership(t.app.db, {
    user_id: userId,
    plan_id: business.id,
    provider: null,
    subscription_id: null,
    customer_id: null,
    started_at: new Date(),
    period_start: new Date(),
    period_end: null,
    scheduled_plan_id: null,
  });
}

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
    await onBusinessPlan(paid.id);
    fake.calls.length = 0;
    const report = await scanAs(paid.token);
    expect(report.checks.length).toBeGreaterThan(0);
    expect(askedAboutFixture()).toBe(1);
  });
});
