import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, BUSINESS_PLAN, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

let t: ScanTestWorld;
let user: { id: number; uid: string; token: string };
let uid: string;

beforeAll(async () => {
  t = await startScanTestWorld({ plan: BUSINESS_PLAN });
  user = await t.signedInUser();
  uid = (
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url: FIXTURE_URL, private: 'true' },
      headers: bearer(user.token),
    })
  ).json().data.uid;
});

afterAll(async () => {
  await t.close();
});

const exportAs = (format: string, token = user.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1/scans/${uid}/export/?format=${format}`, headers: bearer(token) });

describe('GET /api/v1/scans/{uid}/export/', () => {
  it('downloads the report as JSON', async () => {
    const response = await exportAs('json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="riskscan-${uid}.json"`);
    expect(checkResultSchema.parse(response.json()).uid).toBe(uid);
  });

  it('downloads the report as CSV, one row per detail', async () => {
    const response = await exportAs('csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(`url,${FIXTURE_URL}`);
    const header = lines.indexOf('category,category_risk_score,name,title,risk_score,is_active,message,explanation');
    expect(header).toBeGreaterThan(0);
    const report = (await exportAs('json')).json();
    const details = report.checks.flatMap((category: { details: unknown[] }) => category.details);
    expect(lines.length - header - 1).toBe(details.length);
  });

  it('keeps a private scan to its owner and refuses unknown formats', async () => {
    const other = await t.signedInUser();
    expect((await exportAs('json', other.token)).statusCode).toBe(404);
    expect(Object.keys((await exportAs('xml')).json())).toEqual(['format']);
  });
});
