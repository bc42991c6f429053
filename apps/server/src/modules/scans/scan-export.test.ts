import { checkResultSchema } from '@riskscan/contracts';
import { reportOf } from '../../testing/report-factory.ts';
import { scanResultHar } from './scan-export.ts';
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

  it('downloads the browser requests as an HTTP Archive 1.2 log', async () => {
    const response = await exportAs('har');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="riskscan-${uid}.har"`);
    const har = response.json();
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator.name).toBe('riskscan');
    expect(har.log.pages).toHaveLength(1);
    expect(Array.isArray(har.log.entries)).toBe(true);
  });

  it("downloads the page's HTML (DOM) as plain text, sandboxed", async () => {
    const response = await exportAs('dom');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="riskscan-${uid}.dom.txt"`);
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.body).toMatch(/<title>[^<]+<\/title>/i);
  });

  it('keeps a private scan to its owner and refuses unknown formats', async () => {
    const other = await t.signedInUser();
    expect((await exportAs('json', other.token)).statusCode).toBe(404);
    expect(Object.keys((await exportAs('xml')).json())).toEqual(['format']);
  });
});

describe('scanResultHar', () => {
  it('turns each captured request into a HAR entry with its status, size, address and redirect target', () => {
    const request = { resource_type: 'document', bytes: 0, blocked: false, method: 'GET' };
    const report = reportOf('http://a.example/?x=1', {
      scanned_at: '2026-11-25T10:00:00.000Z',
      capture: {
        status: 'complete',
        message: '',
        screenshot: null,
        thumbnail: null,
        final_url: 'https://a.example/',
        title: 'A',
        favicon: null,
        redirects: [{ from: 'http://a.example/?x=1', to: 'https://a.example/', kind: 'http', status: 301 }],
        requests: [
          { ...request, url: 'http://a.example/?x=1', status: 301, remote_ip: '192.0.2.1' },
          { ...request, url: 'https://tracker.example/p.gif', status: null, remote_ip: null, blocked: true, resource_type: 'image' },
        ],
        console_errors: [],
        cookies: [],
        downloads: [],
        dialogs: 0,
        popups: [],
        duration_ms: 900,
      },
    });
    const har = scanResultHar(report) as { log: { entries: Record<string, Record<string, unknown>>[] } };
    expect(har.log.entries).toHaveLength(2);
    const [first, second] = har.log.entries;
    expect(first!.request).toMatchObject({ method: 'GET', url: 'http://a.example/?x=1', queryString: [{ name: 'x', value: '1' }] });
    expect(first!.response).toMatchObject({ status: 301, statusText: 'Moved Permanently', redirectURL: 'https://a.example/', bodySize: 0 });
    expect(first!.serverIPAddress).toBe('192.0.2.1');
    expect(second!.response).toMatchObject({ status: 0, content: { size: 0, mimeType: '' } });
    expect(second!._blocked).toBe(true);
  });
});
