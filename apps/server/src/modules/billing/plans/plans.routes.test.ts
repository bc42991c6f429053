import type { PlansResponse } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BILLING_JOB_INTERVAL_SECONDS: '0' });
});
afterAll(async () => t.close());

const PAID = {
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
const FREE = { ...Object.fromEntries(Object.keys(PAID).map((flag) => [flag, false])), rule_based_checks: true };

describe('GET /api/memberships/plans/', () => {
  it('lists the SPEC §9 plans, monthly and yearly, in the order Free, Professional, Business, Ultra', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/memberships/plans/' });
    expect(response.statusCode).toBe(200);
    const body = response.json<PlansResponse>();
    const summary = (period: keyof PlansResponse) =>
      body[period].map(({ plan_name, price, duration, scans_count, tokens_count }) => [
        plan_name,
        price,
        duration,
        scans_count,
        tokens_count,
      ]);
    expect(summary('Monthly')).toEqual([
      ['Free', 0, 'month', 100, 150],
      ['Professional', 20, 'month', 1000, 1500],
      ['Business', 300, 'month', 20000, 30000],
      ['Ultra', 700, 'month', 50000, 75000],
    ]);
    expect(summary('Yearly')).toEqual([
      ['Free', 0, 'year', 100, 150],
      ['Professional', 192, 'year', 1000, 1500],
      ['Business', 2880, 'year', 20000, 30000],
      ['Ultra', 6720, 'year', 50000, 75000],
    ]);
    for (const period of ['Monthly', 'Yearly'] as const) {
      const [free, ...paid] = body[period];
      expect(free).toMatchObject(FREE);
      for (const plan of paid) expect(plan).toMatchObject(PAID);
    }
    // Yearly is twelve months less 20 %.
    for (const [index, monthly] of body.Monthly.entries()) expect(body.Yearly[index]!.price).toBeCloseTo(monthly.price * 12 * 0.8, 6);
    expect(new Set([...body.Monthly, ...body.Yearly].map((plan) => plan.uid)).size).toBe(8);
  });

  it('is public and answers the single plan by uid, 404 for anything else', async () => {
    const { Monthly } = (await t.app.inject({ method: 'GET', url: '/api/memberships/plans/' })).json<PlansResponse>();
    const ultra = await t.app.inject({ method: 'GET', url: `/api/v1/memberships/plans/${Monthly[3]!.uid}/` });
    expect(ultra.json()).toMatchObject({
      plan_name: 'Ultra',
      price: 700,
      monthly: 700,
      priceId: 'price_ultra_monthly',
      cost_to_upgrade: 700,
      unused_credit: 0,
    });
    for (const uid of ['nope', '00000000-0000-0000-0000-000000000000']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/memberships/plans/${uid}/` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Plan not found.' });
    }
  });
});
