import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createUser } from '../../accounts/testing/account-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING_JOB_INTERVAL_SECONDS: '0' });
});
afterAll(async () => t.close());

describe('quota service', () => {
  it('never counts past the limit, even under concurrent use', async () => {
    const user = await createUser(t.app);
    const results = await Promise.all(Array.from({ length: 120 }, () => t.app.memberships.consumeScan(user.id)));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    expect(Math.max(...results.map((r) => r.used))).toBe(100);
    expect(await t.app.memberships.consumeScan(user.id)).toMatchObject({ allowed: false, used: 100, limit: 100 });
  });

  it('counts tokens in amounts and refuses bad amounts', async () => {
    const user = await createUser(t.app);
    expect(await t.app.memberships.consumeTokens(user.id, 100)).toMatchObject({ allowed: true, used: 100, limit: 150 });
    expect(await t.app.memberships.consumeTokens(user.id, 51)).toMatchObject({ allowed: false, used: 100 });
    expect(await t.app.memberships.consumeTokens(user.id, 50)).toMatchObject({ allowed: true, used: 150 });
    await expect(t.app.memberships.consumeTokens(user.id, -1)).rejects.toThrow(/whole non-negative/);
  });
});
