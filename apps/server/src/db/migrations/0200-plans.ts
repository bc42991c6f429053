import { type Kysely, sql } from 'kysely';

const PAID_FLAGS = {
  api_access: true,
  business_support: true,
  custom_scan_rules: true,
  rule_based_checks: true,
  export_results: true,
  spoofing_detection: true,
  external_reputation: true,
  scan_profiles: true,
  rest_api_access: true,
  data_export: true,
};
/** SPEC §9: the Free plan has the basic rule-based checks only. */
const FREE_FLAGS = { ...Object.fromEntries(Object.keys(PAID_FLAGS).map((flag) => [flag, false])), rule_based_checks: true };

/**
 * The plans of SPEC §9 (USD; quotas per month; yearly = twelve months less 20 %). Uids and price
 * ids are fixed so links and provider prices stay stable across installs; with Stripe, the
 * prices are created under these ids (see README).
 */
const PLANS = [
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000001', 'Free', 'Monthly', 'month', 0, 100, 150, 'price_free_monthly', FREE_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000002', 'Professional', 'Monthly', 'month', 2000, 1000, 1500, 'price_professional_monthly', PAID_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000003', 'Business', 'Monthly', 'month', 30000, 20000, 30000, 'price_business_monthly', PAID_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000004', 'Ultra', 'Monthly', 'month', 70000, 50000, 75000, 'price_ultra_monthly', PAID_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000011', 'Free', 'Yearly', 'year', 0, 100, 150, 'price_free_yearly', FREE_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000012', 'Professional', 'Yearly', 'year', 19200, 1000, 1500, 'price_professional_yearly', PAID_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000013', 'Business', 'Yearly', 'year', 288000, 20000, 30000, 'price_business_yearly', PAID_FLAGS],
  ['5f0c8f7e-8a51-4c0e-9a7e-0a1f00000014', 'Ultra', 'Yearly', 'year', 672000, 50000, 75000, 'price_ultra_yearly', PAID_FLAGS],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('plans')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('uid', 'uuid', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull().check(sql`name in ('Free', 'Professional', 'Business', 'Ultra')`))
    .addColumn('billing_period', 'text', (col) => col.notNull().check(sql`billing_period in ('Monthly', 'Yearly')`))
    .addColumn('duration', 'text', (col) => col.notNull().check(sql`duration in ('month', 'year')`))
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .addColumn('scans_count', 'integer', (col) => col.notNull())
    .addColumn('tokens_count', 'integer', (col) => col.notNull())
    .addColumn('price_id', 'text', (col) => col.notNull().unique());
  for (const flag of Object.keys(PAID_FLAGS)) table = table.addColumn(flag, 'boolean', (col) => col.notNull());
  await table.addUniqueConstraint('plans_name_period', ['name', 'billing_period']).execute();

  await db
    .insertInto('plans')
    .values(
      PLANS.map(([uid, name, billingPeriod, duration, priceCents, scans, tokens, priceId, flags], index) => ({
        uid,
        name,
        billing_period: billingPeriod,
        duration,
        price_cents: priceCents,
        sort_order: index % 4,
        scans_count: scans,
        tokens_count: tokens,
        price_id: priceId,
        ...flags,
      })),
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plans').execute();
}
