import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

let testDb: TestDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables before 1010 are not in the typed schema
const raw = () => testDb.db as any;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  const { error } = await new Migrator({ db: testDb.db, provider: { getMigrations: async () => migrations } }).migrateTo('0952-scan-pages');
  if (error) throw error;
}, 120_000);
afterAll(() => testDb?.drop());

const payload = { type: 'monitor.alert', monitor: { uid: 'm-1', domain: 'pixelforge.app' }, events: [] };

describe('migration 1010: alert deliveries move into the delivery log', () => {
  it('moves every alert row over, holds mail waiting for an unconfirmed address, and drops the old table', async () => {
    const user = await raw()
      .insertInto('users')
      .values({ uid: '6f1c7c64-3c6e-4f59-9c1f-4f3c2b1a0d9e', email: 'owner@example.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const monitor = await raw()
      .insertInto('monitors')
      .values({
        uid: 'm-1',
        user_id: user.id,
        domain: 'pixelforge.app',
        keywords: '[]',
        webhook_secret: 'whsec_x',
        alert_mode: 'live',
        next_run_at: new Date(),
        alert_email: 'Alerts@Example.test',
        alert_email_confirmed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (batch: string, channel: string, target: string, status: string, extra: object = {}) => ({
      monitor_id: monitor.id,
      batch,
      channel,
      target,
      payload: JSON.stringify(payload),
      events: 0,
      status,
      next_attempt_at: new Date('2026-11-20T10:00:00Z'),
      ...extra,
    });
    await raw()
      .insertInto('alert_deliveries')
      .values([
        row('b-1', 'webhook', 'https://hooks.example/a', 'delivered', {
          attempts: 2,
          response_status: 204,
          delivered_at: new Date('2026-11-20T10:01:00Z'),
        }),
        row('b-1', 'email', 'alerts@example.test', 'pending'),
        row('b-2', 'webhook', 'https://hooks.example/a', 'failed', {
          attempts: 6,
          last_error: 'The endpoint answered HTTP 500.',
          response_status: 500,
        }),
      ])
      .execute();

    await migrateToLatest(testDb.db);

    const moved = await testDb.db.selectFrom('deliveries').selectAll().orderBy('id').execute();
    expect(moved).toEqual([
      expect.objectContaining({
        kind: 'monitor_alert',
        channel: 'webhook',
        target: 'https://hooks.example/a',
        payload,
        account_id: user.id,
        delivery_id: 'b-1',
        source_id: String(monitor.id),
        batch: 'b-1',
        status: 'delivered',
        attempts: 2,
        response_status: 204,
        delivered_at: new Date('2026-11-20T10:01:00Z'),
      }),
      expect.objectContaining({ channel: 'email', target: 'alerts@example.test', batch: 'b-1', status: 'held', attempts: 0 }),
      expect.objectContaining({ batch: 'b-2', status: 'failed', attempts: 6, last_error: 'The endpoint answered HTTP 500.' }),
    ]);
    const left = await sql<{ name: string | null }>`select to_regclass('alert_deliveries')::text as name`.execute(testDb.db);
    expect(left.rows[0]!.name).toBeNull();
  });

  it('puts the alert rows back on the way down, held mail as pending again', async () => {
    const { error } = await new Migrator({ db: testDb.db, provider: { getMigrations: async () => migrations } }).migrateTo(
      '0952-scan-pages',
    );
    if (error) throw error;
    const back = await raw().selectFrom('alert_deliveries').selectAll().orderBy('id').execute();
    expect(back).toEqual([
      expect.objectContaining({ batch: 'b-1', channel: 'webhook', status: 'delivered', attempts: 2, events: 0 }),
      expect.objectContaining({ batch: 'b-1', channel: 'email', status: 'pending' }),
      expect.objectContaining({ batch: 'b-2', channel: 'webhook', status: 'failed', attempts: 6 }),
    ]);
    const left = await sql<{ name: string | null }>`select to_regclass('deliveries')::text as name`.execute(testDb.db);
    expect(left.rows[0]!.name).toBeNull();
  });
});
