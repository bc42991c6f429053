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
    const user = await createUser(t.app);
    expect(await entitlements.planName(user.id)).toBe('Free');
    expect(await entitlements.allows(user.id, 'api_access')).toBe(false);
    expect(await entitlements.allows(user.id, 'rule_based_checks')).toBe(true);
    await t.app.memberships.consumeScan(user.id);
    expect(await entitlements.scansLeft(user.id)).toBe(99);

    await putOnPlan(t.app, user.id, 'Business');
    expect(await entitlements.planName(user.id)).toBe('Business');
    expect(await entitlements.allows(user.id, 'api_access')).toBe(true);
    expect(await entitlements.allows(user.id, 'scan_profiles')).toBe(true);
  });
});
