import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createUser } from '../../accounts/testing/account-factory.ts';
import { createEntitlements } from './entitlements.ts';
import { putOnPlan } from './testing/billing-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING_JOB_INTERVAL_SECONDS: '0' });
});
afterAll(async () => t.close());

describe('entitlements', () => {
  it("answer from the account's current plan: its flags, its name and the scans left", async () => {
    const entitlements = createEntitlements({ db: t.app.db, clock: () => new Date() });
    const free = await createUser(t.app);
    expect(await entitlements.planName(free.id)).toBe('Free');
    expect(await entitlements.allows(free.id, 'api_access')).toBe(false);
    expect(await entitlements.allows(free.id, 'rule_based_checks')).toBe(true);
    await t.app.memberships.consumeScan(free.id);
    expect(await entitlements.scansLeft(free.id)).toBe(99);

    // Put on the plan before anything reads its membership (which would start it on Free).
    const paid = await createUser(t.app);
    await putOnPlan(t.app, paid.id, 'Business');
    expect(await entitlements.planName(paid.id)).toBe('Business');
    expect(await entitlements.allows(paid.id, 'api_access')).toBe(true);
    expect(await entitlements.allows(paid.id, 'scan_profiles')).toBe(true);
  });
});
