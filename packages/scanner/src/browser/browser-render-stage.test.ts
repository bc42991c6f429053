import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Capture } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedPage, RenderMiss } from '../collect/collected.ts';
import { scan } from '../scan.ts';
import { startFixtureWorld } from '../testing/fixture-world.ts';
import { findUserAgent } from '../user-agents/user-agent-catalogue.ts';
import { s3Objects } from '../capture/s3-objects.ts';
import { s3ScreenshotStore } from '../capture/s3-screenshot-store.ts';
import { screenshotHash, structureHash, topFoldHash } from '../brand/page-fingerprints.ts';
import { startS3TestServer } from '../capture/testing/s3-test-server.ts';
import { createBrowserRenderStage, SLOW_PAGE_MS } from './browser-render-stage.ts';
import { DOWNLOAD_BYTES } from './testing/browser-fixture-server.ts';
import { INTERNAL_HOST, PUBLIC_ADDRESS, startBrowserTestWorld, type BrowserTestWorld } from './testing/browser-test-world.ts';

let world: BrowserTestWorld;

beforeAll(async () => {
  world = await startBrowserTestWorld();
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** Width and height of a WebP: the extended header's canvas, or the simple lossy frame's. */
function webpSize(file: string): { width: number; height: number } {
  const image = readFileSync(file);
  expect(image.subarray(0, 4).toString()).toBe('RIFF');
  const chunk = image.subarray(8, 16).toString();
  if (chunk === 'WEBPVP8X') return { width: image.readUIntLE(24, 3) + 1, height: image.readUIntLE(27, 3) + 1 };
  expect(chunk).toBe('WEBPVP8 ');
  return { width: image.readUInt16LE(26) & 0x3fff, height: image.readUInt16LE(28) & 0x3fff };
}

const render = async (pathname: string, options: Partial<Parameters<typeof createBrowserRenderStage>[0]> = {}, userAgent?: string) => {
  const stage = createBrowserRenderStage({ pool: world.pool, screenshots: world.store, ...options });
  return (await stage(world.collectedFor(pathname), { ...world.policy, userAgent })) as RenderedPage | RenderMiss;
};

const captureOf = (outcome: RenderedPage | RenderMiss | null): Capture => {
  expect(outcome?.capture).toBeDefined();
  return outcome!.capture!;
};

describe('browser render stage', { timeout: 30_000 }, () => {
  it('captures the rendered page: redirects, requests, console, cookies, title, favicon and screenshots', async () => {
    const outcome = await render('/start');
    const capture = captureOf(outcome);
    expect(capture.status).toBe('complete');
    expect(outcome?.html).toContain('Rendered by script: in transit');
    expect(capture.final_url).toBe(world.url('/landing'));
    expect(capture.redirects).toEqual([
      { from: world.url('/start'), to: world.url('/hop'), kind: 'http', status: 302 },
      { from: world.url('/hop'), to: world.url('/landing'), kind: 'client', status: null },
    ]);
    expect(capture.title).toBe('Northwind Parcel Tracking');
    expect(capture.favicon).toBe(world.url('/static/favicon.png'));
    expect(capture.console_errors).toContain('tracking widget failed to start');
    expect(capture.cookies.map((cookie) => [cookie.name, cookie.http_only])).toEqual(
      expect.arrayContaining([
        ['session', true],
        ['visitor', false],
      ]),
    );
    const fetched = capture.requests.find((request) => request.url === world.url('/api/status'));
    expect(fetched).toMatchObject({ method: 'GET', status: 200, resource_type: 'fetch', remote_ip: PUBLIC_ADDRESS, blocked: false });
    expect(fetched!.bytes).toBeGreaterThan(20);
    expect(capture.requests.find((request) => request.url.endsWith('/static/logo.png'))?.resource_type).toBe('image');

    expect(webpSize(capture.screenshot!)).toEqual({ width: 1366, height: 768 });
    expect(webpSize(capture.thumbnail!)).toEqual({ width: 342, height: 192 });
    expect((outcome as RenderedPage).screenshot).toBe(capture.screenshot);
  });

  it('fingerprints the page for look-alike search: screenshot, top fold, favicon fetched through the guard, DOM structure', async () => {
    const outcome = (await render('/start')) as RenderedPage;
    const capture = captureOf(outcome);
    const screenshot = new Uint8Array(readFileSync(capture.screenshot!));
    expect(capture.screenshot_hash).toBe(await screenshotHash(screenshot));
    expect(capture.top_fold_hash).toBe(await topFoldHash(screenshot));
    expect(capture.dom_simhash).toBe(structureHash(outcome.html));
    expect(capture.dom_simhash).toMatch(/^[0-9a-f]{16}$/);
    expect(capture.favicon_hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it('reports the browser’s full redirect chain in the result, client-side redirects included', async () => {
    const network = { resolver: world.policy.resolver, allowPrivateNetworks: true };
    const stage = createBrowserRenderStage({ pool: world.pool, screenshots: world.store });
    // A script assembles its target at run time: the static fetch stops on the first page, the browser follows.
    const staticOnly = await scan(world.url('/computed'), { network });
    expect(staticOnly.redirect_chain).toEqual([world.url('/computed')]);
    const rendered = await scan(world.url('/computed'), { network, render: stage });
    expect(rendered.redirect_chain).toEqual([world.url('/computed'), world.url('/landing')]);
    expect(rendered.final_url).toBe(world.url('/landing'));
    expect(rendered.capture?.redirects).toEqual([
      { from: world.url('/computed'), to: world.url('/landing'), kind: 'client', status: null },
    ]);

    const mixed = await scan(world.url('/start'), { network, render: stage });
    expect(mixed.redirect_chain).toEqual([world.url('/start'), world.url('/hop'), world.url('/landing')]);
  });

  it('goes on without a screenshot when the store refuses it, and says so', async () => {
    const s3 = await startS3TestServer();
    try {
      const refusing = s3ScreenshotStore(
        s3Objects({
          endpoint: s3.endpoint,
          bucket: s3.bucket,
          region: s3.region,
          pathStyle: true,
          accessKeyId: s3.accessKeyId,
          secretAccessKey: 'revoked-secret',
        }),
        (name) => name,
      );
      const outcome = await render('/landing', { screenshots: refusing });
      const capture = captureOf(outcome);
      expect(outcome?.html).toContain('Rendered by script');
      expect([capture.status, capture.screenshot, capture.thumbnail]).toEqual(['partial', null, null]);
      expect(capture.message).toContain('The screenshot could not be stored.');
      expect(s3.log.map((entry) => entry.code)).toEqual(['SignatureDoesNotMatch', 'SignatureDoesNotMatch']);
    } finally {
      await s3.close();
    }
  });

  it('records a download the page starts without keeping it', async () => {
    const capture = captureOf(await render('/download'));
    expect(capture.downloads).toEqual([
      {
        url: world.url('/files/invoice-viewer.exe'),
        file_name: 'invoice-viewer.exe',
        mime_type: 'application/x-msdownload',
        size: DOWNLOAD_BYTES.length,
        sha256: createHash('sha256').update(DOWNLOAD_BYTES).digest('hex'),
        truncated: false,
      },
    ]);
  });

  it('keeps every browser request away from internal addresses: sub-resources, frames, fetch, XHR, beacons and WebSockets', async () => {
    world.fixtures.internalHits.length = 0;
    const capture = captureOf(await render('/reach-inside'));
    expect(world.fixtures.internalHits).toEqual([]);
    const inside = capture.requests.filter((request) => request.url.includes(`:${world.fixtures.internalPort}/`));
    expect(inside.map((request) => new URL(request.url).pathname).sort()).toEqual(
      ['/beacon', '/by-ip.png', '/fetch', '/frame', '/pixel.png', '/style.css', '/xhr'].sort(),
    );
    expect(inside.every((request) => request.blocked && request.remote_ip === null)).toBe(true);
    expect(capture.console_errors.join('\n')).toContain(
      `WebSocket connection to 'ws://${INTERNAL_HOST}:${world.fixtures.internalPort}/socket' failed`,
    );
  });

  it('the same page does reach the internal stand-in once private networks are allowed, so the test above proves the guard', async () => {
    world.fixtures.internalHits.length = 0;
    const stage = createBrowserRenderStage({ pool: world.pool, screenshots: null });
    await stage(world.collectedFor('/reach-inside'), { ...world.policy, allowPrivateNetworks: true });
    expect(world.fixtures.internalHits).toEqual(expect.arrayContaining(['/pixel.png', '/frame', '/socket']));
  });

  it('does not follow a redirect to an internal address and says so', async () => {
    world.fixtures.internalHits.length = 0;
    const outcome = await render('/redirect-inside');
    expect(world.fixtures.internalHits).toEqual([]);
    expect(outcome?.html).toBeUndefined();
    const capture = captureOf(outcome);
    expect(capture.status).toBe('failed');
    expect(capture.screenshot).toBeNull();
    expect(capture.message).toContain('which the egress guard refused');
  });

  it('renders with the device metrics of a mobile agent', async () => {
    const agent = findUserAgent('mobile-safari-ios')!;
    const capture = captureOf(await render('/landing', {}, agent.value));
    expect(webpSize(capture.screenshot!)).toEqual(agent.viewport);
  });

  it('reports cloaking when a crawler is shown another page than a browser', async () => {
    const cloaked = await render('/cloaked', { cloaking: true });
    expect(cloaked && 'cloaking' in cloaked ? cloaked.cloaking : null).toMatchObject({ differs: true });
    const honest = await render('/landing', { cloaking: true });
    expect(honest && 'cloaking' in honest ? honest.cloaking : null).toMatchObject({ differs: false });
  });

  it('fetches a slow page once: the browser reads the plain fetch’s answer and no crawler visits (issue 37)', async () => {
    const body = '<!doctype html><title>Unhurried shop</title><h1>Read from the first answer</h1>';
    const response = {
      status: 200,
      headers: { 'content-type': 'text/html' },
      contentType: 'text/html',
      charset: 'utf-8',
      body,
      bytes: body.length,
      truncated: false,
    };
    const slow = { ...world.collectedFor('/unhurried'), response, fetchMs: SLOW_PAGE_MS };
    const stage = createBrowserRenderStage({ pool: world.pool, screenshots: world.store, cloaking: true });
    const hits = () => world.fixtures.pageHits.filter((path) => path === '/unhurried').length;

    const outcome = (await stage(slow, world.policy)) as RenderedPage;
    expect(outcome.html).toContain('Read from the first answer');
    expect(outcome.capture?.final_url).toBe(world.url('/unhurried'));
    expect(outcome.cloaking).toBeUndefined();
    expect(hits()).toBe(0);

    // A page that answered at once is visited as before: by the browser and by the crawler.
    const quick = (await stage({ ...slow, fetchMs: 20 }, world.policy)) as RenderedPage;
    expect(quick.html).toContain('Fetched over the wire');
    expect(quick.cloaking).toMatchObject({ differs: false });
    expect(hits()).toBe(2);
  });

  it('says in the result that there is no screenshot when no Chromium was found', async () => {
    const logged: string[] = [];
    const stage = createBrowserRenderStage({ pool: null, screenshots: world.store, log: (line) => logged.push(line) });
    const result = await scan(world.url('/landing'), {
      render: stage,
      network: { resolver: world.policy.resolver, allowPrivateNetworks: true },
    });
    expect(result.screenshot_link).toBeNull();
    expect(result.capture).toMatchObject({ status: 'unavailable', screenshot: null });
    expect(result.capture?.message).toContain('No Chromium was found');
    expect(logged[0]).toContain('No Chromium was found');
  });

  it('runs the checks on the rendered DOM and puts the capture in the scan result', async () => {
    const result = await scan(world.url('/cloaked'), {
      render: createBrowserRenderStage({ pool: world.pool, screenshots: world.store, cloaking: true }),
      network: { resolver: world.policy.resolver, allowPrivateNetworks: true },
    });
    expect(result.capture?.status, result.capture?.message).toBe('complete');
    expect(result.screenshot_link).toBe(result.capture?.screenshot);
    const cloaking = result.checks.find((category) => category.category === 'Cloaking')!;
    expect(cloaking.details[0]).toMatchObject({ name: 'browser_cloaking', risk_score: 70 });
  });

  it('renders the engine’s fixture sites by name over HTTPS, through their port mapping', async () => {
    const sites = await startFixtureWorld();
    try {
      const site = sites.server.sites[0]!;
      const result = await scan(site.entryUrl, {
        ...sites.scanOptions,
        render: createBrowserRenderStage({ pool: world.pool, screenshots: world.store }),
      });
      expect(result.capture?.status, result.capture?.message).toBe('complete');
      expect(new URL(result.capture!.final_url!).hostname).toBe(site.host);
      expect(result.capture!.requests[0]).toMatchObject({ status: expect.any(Number), remote_ip: '127.0.0.1', blocked: false });
      expect(result.screenshot_link).not.toBeNull();
    } finally {
      await sites.close();
    }
  });
});
