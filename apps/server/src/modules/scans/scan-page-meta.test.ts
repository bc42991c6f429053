import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

let t: ScanTestWorld;
let webDist: string;
let token: string;

const INDEX = `<!doctype html><html><head><title>riskscan</title>
<meta name="description" content="Browsing Risk Test: Is this URL safe to visit?" />
</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'riskscan-web-'));
  await writeFile(path.join(webDist, 'index.html'), INDEX);
  t = await startScanTestWorld({ env: { WEB_DIST_DIR: webDist } });
  token = (await t.signedInUser()).token;
});

afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const scanned = async (url: string, extra: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/check-url/', query: { url, new: 'true', ...extra }, headers: bearer(token) })).json()
    .data;

describe('a scan permalink page for link previews', () => {
  it('serves the app with the scan’s own title, description and Open Graph tags, on the caller’s origin', async () => {
    const report = await scanned('https://sunny-garden-blog.com/?a=1&b=2');
    const page = await t.app.inject({ method: 'GET', url: `/scan/${report.uid}`, headers: { host: '10.1.2.3:8080' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<div id="root"></div>');
    const title = `${report.risk_score_text.name} (${report.overall_risk}/100): https://sunny-garden-blog.com/?a=1&amp;b=2 | riskscan`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toMatch(
      /<meta name="description" content="riskscan scanned https:\/\/sunny-garden-blog\.com\/\?a=1&amp;b=2 on \d{4}-\d{2}-\d{2}: risk score \d+\/100, \w+\./,
    );
    expect(html).toContain(`<meta property="og:url" content="http://10.1.2.3:8080/scan/${report.uid}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps the app’s defaults for private scans and unknown ids; an unknown id answers 404 (issue 37)', async () => {
    const hidden = await scanned('https://sunny-garden-blog.com/?private-meta', { private: 'true' });
    // A private scan exists: its owner's app opens it with their session, so the page answers 200 without telling more.
    for (const [uid, status] of [
      [hidden.uid, 200],
      ['no-such-scan', 404],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: `/scan/${uid}` });
      expect(page.statusCode).toBe(status);
      expect(page.body).toBe(INDEX);
    }
  });

  it('keeps an unlisted scan’s secret out of its title, preview tags and every part of its report (issue 40)', async () => {
    const secret = 'Zk3qP9xLm2Rt7vWbQ8';
    const report = await scanned(`https://sunny-garden-blog.com/?token=${secret}`, { visibility: 'unlisted' });
    expect(report.url).toBe('https://sunny-garden-blog.com/?token=[redacted]');
    expect(JSON.stringify(report)).not.toContain(secret);
    const page = await t.app.inject({ method: 'GET', url: `/scan/${report.uid}` });
    expect(page.body).toContain('https://sunny-garden-blog.com/?token=[redacted] | riskscan</title>');
    expect(page.body).not.toContain(secret);
  });
});
