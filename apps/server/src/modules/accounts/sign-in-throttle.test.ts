import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { secondsBlocked, THROTTLE_RULES } from './sign-in-throttle.ts';
import { claimAttempt } from './sign-in-throttle.repository.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('claimAttempt', () => {
  const rule = THROTTLE_RULES.pair;
  const now = new Date('2026-01-01T00:00:00Z');

  it('lets the free failures through, then blocks for a doubling wait up to the cap', async () => {
    const waits: (number | null)[] = [];
    for (let attempt = 1; attempt <= 12; attempt++) {
      const at = new Date(now.getTime() + attempt * 1000);
      const claim = await claimAttempt(testDb.db, 'pair', 'k1', rule, at);
      expect(claim.admitted).toBe(true);
      waits.push(claim.blockedUntil ? claim.blockedUntil.getTime() - at.getTime() : null);
      await testDb.db.updateTable('sign_in_throttle').set({ blocked_until: null }).execute();
    }
    expect(waits.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(waits.slice(5, 8)).toEqual([30_000, 60_000, 120_000]);
    expect(waits.at(-1)).toBe(15 * 60_000);
  });

  it('refuses, without counting, while a block runs', async () => {
    for (let attempt = 0; attempt < 6; attempt++) await claimAttempt(testDb.db, 'pair', 'k2', rule, now);
    const refused = await claimAttempt(testDb.db, 'pair', 'k2', rule, new Date(now.getTime() + 1000));
    expect(refused).toEqual({ admitted: false, blockedUntil: new Date(now.getTime() + 30_000) });
    const row = await testDb.db.selectFrom('sign_in_throttle').select('failures').where('key', '=', 'k2').executeTakeFirstOrThrow();
    expect(row.failures).toBe(6);
  });
});

describe('secondsBlocked', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('rounds the remaining wait up and is 0 when open', () => {
    expect(secondsBlocked(null, now)).toBe(0);
    expect(secondsBlocked(new Date(now.getTime() - 1), now)).toBe(0);
    expect(secondsBlocked(new Date(now.getTime() + 1500), now)).toBe(2);
  });
});
