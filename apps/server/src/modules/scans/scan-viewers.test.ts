import { checkResultSchema } from '@riskscan/contracts';
import { startRecordingProxy, type RecordingProxy } from '@riskscan/scanner/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PROXY } from './scan-policy.ts';
import { quotaUsedUp, viewersOverQuota } from './scan-request.service.ts';
import { bearer, BUSINESS_PLAN, finishedScan, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** Issue 38 item 3: one request, several viewers, through the API, counted as one scan per viewer. */
let t: ScanTestWorld;
let headers: Record<string, string>;
let germany: RecordingProxy;
const CLOAKING_URL = 'https://paket-zustellung-mobil.com/sendung';

beforeAll(async () => {
  const fixturePorts: Record<number, number> = {};
  germany = await startRecordingProxy('127.0.0.1', fixturePorts);
  t = await startScanTestWorld({ plan: { ...BUSINESS_PLAN, scans_count: 4 }, env: { SCAN_PROXIES: `DE=${germany.url()}` } });
  Object.assign(fixturePorts, t.world.scanOptions.network?.connectPorts);
  headers = bearer((await t.signedInUser()).token);
});

afterAll(async () => {
  await t.close();
  await germany.close();
});

const submit = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/scans/', headers, payload: { new: true, ...payload } });

describe('POST /api/v1/scans/ with viewers', () => {
  it('refuses a country that is not configured, and more than three other viewers', async () => {
    const unknown = await submit({ url: CLOAKING_URL, viewers: [{ device: 'desktop', country: 'FR' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ viewers: [INVALID_PROXY] });
    const tooMany = await submit({ url: CLOAKING_URL, viewers: Array(4).fill({ device: 'phone' }) });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('Ask for at most 3 other viewers.');
  });

  it('returns every viewer in one result and reports a phone-only page as cloaking, with the diff', { timeout: 60_000 }, async () => {
    const queued = await submit({ url: CLOAKING_URL, viewers: [{ device: 'phone' }, { device: 'desktop', country: 'de' }] });
    expect(queued.statusCode).toBe(202);
    const done = await finishedScan(t.app, queued.json().uid, headers);
    const report = checkResultSchema.parse(done.data);
    const viewers = report.viewers!;
    expect(viewers.first.label).toBe('Desktop from the server');
    expect(viewers.others.map((other) => [other.view.label, other.cloaking])).toEqual([
      ['Phone from the server', true],
      ['Desktop from Germany', false],
    ]);
    expect(viewers.others[0]!.differences.join(' ')).toContain('"kartennummer"');
    expect(viewers.summary).toBe('Cloaking: Phone from the server was shown another page than Desktop from the server.');
    // The German viewer (and only it) left through Germany's proxy, handed the address our guard checked.
    expect(germany.seen).toContainEqual(expect.objectContaining({ kind: 'connect', hostname: '127.0.0.1', port: 443 }));
    const detail = report.checks.find((category) => category.category === 'Cloaking')!.details.find((d) => d.name === 'viewer_cloaking');
    expect(detail).toMatchObject({ risk_score: 70 });
    const history = await t.app.inject({ method: 'GET', url: `/api/v1/scan-history/${queued.json().uid}/`, headers });
    expect(history.json().options.viewers).toEqual([
      { device: 'phone', country: null },
      { device: 'desktop', country: 'DE' },
    ]);
  });

  it('takes the viewers as a query value on GET /check-url/, and refuses a device it does not know', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { url: CLOAKING_URL, viewers: 'tablet' }, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'viewers.0.device': ['A viewer is "desktop" or "phone".'] });
  });

  it('counts a scan once per viewer against the plan', async () => {
    const now = new Date();
    const renews = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    // The plan has 4 scans; the scan above took 3. Two viewers do not fit in the one left.
    const over = await submit({ url: 'https://sunny-garden-blog.com/', viewers: [{ device: 'phone' }] });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ detail: viewersOverQuota(2, 1, renews) });
    expect((await submit({ url: 'https://sunny-garden-blog.com/', fastCheck: true })).statusCode).toBe(202);
    const spent = await submit({ url: 'https://sunny-garden-blog.com/', fastCheck: true });
    expect(spent.statusCode).toBe(403);
    expect(spent.json()).toEqual({ detail: quotaUsedUp(4, renews) });
  });
});
