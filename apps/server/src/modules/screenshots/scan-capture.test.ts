import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { scan } from '@riskscan/scanner';
import { startRecordingProxy, startS3TestServer } from '@riskscan/scanner/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createScanCapture } from './scan-capture.ts';

const PROXIES = 'DE=http://de-egress.example.net:3128,US=http://user:secret@us-egress.example.net:8080';

let testApp: TestApp;
let site: http.Server;
let siteUrl: string;

beforeAll(async () => {
  testApp = await createTestApp({ SCAN_PROXIES: PROXIES, SCAN_LOCATION: 'ch', PUBLIC_URL: 'https://scan.example.org' });
  site = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Bakery</title><h1>Fresh bread daily</h1>'),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  await testApp.close();
});

describe('scan options and locations', () => {
  it('lists the configured countries with local flags, never their proxy URLs, and the user agents by device', () => {
    const options = testApp.app.scanCapture.scanOptions();
    expect(options.proxies).toEqual([
      { code: 'DE', name: 'Germany', icon: '/flags/de.svg' },
      { code: 'US', name: 'United States', icon: '/flags/us.svg' },
    ]);
    expect(JSON.stringify(options)).not.toContain('egress.example.net');
    expect(options.user_agents.map((group) => group.device)).toEqual(['Desktop', 'Mobile', 'Tablet', 'Bot']);
    const code = options.user_agents[1]!.items[0]!.code;
    expect(testApp.app.scanCapture.userAgent(code)).toMatch(/Mobile|iPhone|Android/);
    expect(testApp.app.scanCapture.userAgent('no-such-agent')).toBeNull();
  });

  it('reports the chosen country, or the server’s own when none is chosen, and refuses unknown countries', () => {
    expect(testApp.app.scanCapture.environmentFor('de')?.geoLocation).toEqual({
      country_name: 'Germany',
      country_flag: '/flags/de.svg',
    });
    expect(testApp.app.scanCapture.environmentFor(null)?.geoLocation).toEqual({
      country_name: 'Switzerland',
      country_flag: '/flags/ch.svg',
    });
    expect(testApp.app.scanCapture.environmentFor('FR')).toBeNull();
  });

  it('names the country of SCAN_EGRESS_IP (bundled GeoIP data) when SCAN_LOCATION is unset, and SCAN_LOCATION wins when set', async () => {
    const log = { warn: () => undefined };
    const egress = createScanCapture(loadConfig({ SCAN_EGRESS_IP: '8.8.8.8', SCAN_BROWSER: 'false' }), log);
    await egress.ready();
    expect(egress.environmentFor(null)?.geoLocation).toEqual({ country_name: 'United States', country_flag: '/flags/us.svg' });
    const configured = createScanCapture(loadConfig({ SCAN_EGRESS_IP: '8.8.8.8', SCAN_LOCATION: 'ch', SCAN_BROWSER: 'false' }), log);
    await configured.ready();
    expect(configured.environmentFor(null)?.geoLocation.country_name).toBe('Switzerland');
    expect(() => loadConfig({ SCAN_EGRESS_IP: 'not-an-address' })).toThrow(/SCAN_EGRESS_IP/);
    await Promise.all([egress.close(), configured.close()]);
  });

  it('rejects a malformed SCAN_PROXIES at start', () => {
    expect(() => loadConfig({ SCAN_PROXIES: 'DE=ftp://nope' })).toThrow(ConfigError);
    expect(() => loadConfig({ SCAN_PROXIES: 'XX=http://proxy:1' })).toThrow(/SCAN_PROXIES/);
  });
});

describe('flags and screenshots', () => {
  it('serves flag-icons SVGs locally with caching and a no-script policy', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/flags/de.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.body).toContain('<svg');
    expect((await testApp.app.inject({ method: 'GET', url: '/flags/deu.svg' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/flags/..%2Fde.svg' })).statusCode).toBe(404);
  });

  it('stores the screenshot of a scan and serves it at its stable link with long-lived caching', async () => {
    const environment = testApp.app.scanCapture.environmentFor(null)!;
    const result = await scan(siteUrl, {
      render: environment.render,
      geoLocation: environment.geoLocation,
      network: { allowPrivateNetworks: true },
    });
    expect(result.capture?.status).toBe('complete');
    expect(result.geo_location.country_name).toBe('Switzerland');
    // A path, not a link on PUBLIC_URL: responses put it on the address the caller used.
    const link = new URL(result.screenshot_link!, 'http://any.host');
    expect(result.screenshot_link).toBe(link.pathname);
    expect(link.pathname).toMatch(/^\/screenshots\/[0-9a-f]{40}\.webp$/);

    const response = await testApp.app.inject({ method: 'GET', url: link.pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect((await testApp.app.inject({ method: 'GET', url: '/screenshots/0000.webp' })).statusCode).toBe(404);
  });
});

describe('a chosen scan location', () => {
  it('sends both the static fetch and the browser through that country’s proxy', async () => {
    const germany = await startRecordingProxy('127.0.0.1');
    const app = await createTestApp({ SCAN_PROXIES: `DE=${germany.url('scan:pass')}`, SCAN_CLOAKING_CHECK: 'false' });
    try {
      const environment = app.app.scanCapture.environmentFor('DE')!;
      expect(environment.upstreamProxyUrl).toBe(germany.url('scan:pass'));
      const result = await scan(siteUrl, {
        render: environment.render,
        geoLocation: environment.geoLocation,
        network: { allowPrivateNetworks: true, upstreamProxyUrl: environment.upstreamProxyUrl },
      });
      expect(result.capture?.status).toBe('complete');
      // Both the static fetch and the browser tunnel through the proxy to the address the guard
      // checked (never a name the proxy would resolve again), as the proxy's user.
      const port = new URL(siteUrl).port;
      const tunnels = germany.seen.filter((entry) => entry.kind === 'connect' && String(entry.port) === port);
      expect(tunnels.length).toBeGreaterThanOrEqual(2);
      expect(tunnels.every((entry) => entry.hostname === '127.0.0.1' && entry.username === 'scan')).toBe(true);
      expect(germany.seen.filter((entry) => entry.kind === 'http')).toEqual([]);
      expect(environment.render).toBe(app.app.scanCapture.environmentFor(null)!.render);
      expect(app.app.scanCapture.environmentFor(null)!.upstreamProxyUrl).toBeNull();
    } finally {
      await app.close();
      await germany.close();
    }
  });
});

describe('without Chromium', () => {
  it('scans without a screenshot and says so in the result', async () => {
    const noBrowser = await createTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      expect(noBrowser.app.scanCapture.chromiumPath).toBeNull();
      const result = await scan(siteUrl, {
        render: noBrowser.app.scanCapture.environmentFor(null)!.render,
        network: { allowPrivateNetworks: true },
      });
      expect(result.screenshot_link).toBeNull();
      expect(result.capture).toMatchObject({ status: 'unavailable' });
      expect(result.capture?.message).toContain('No Chromium was found');
      expect(result.checks.length).toBeGreaterThan(0);
    } finally {
      await noBrowser.close();
    }
  });

  it('says so in the log at start', async () => {
    const warnings: string[] = [];
    const capture = createScanCapture(loadConfig({ CHROMIUM_PATH: '/nonexistent/chromium' }), { warn: (line) => warnings.push(line) });
    await capture.close();
    expect(warnings).toEqual([expect.stringContaining('No Chromium found at CHROMIUM_PATH=/nonexistent/chromium')]);
  });
});

describe('screenshots in an S3-compatible bucket', () => {
  it('are stored as signed objects and served at the same stable link', async () => {
    const s3 = await startS3TestServer();
    const app = await createTestApp({
      PUBLIC_URL: 'https://scan.example.org',
      SCREENSHOT_S3_ENDPOINT: s3.endpoint,
      SCREENSHOT_S3_BUCKET: s3.bucket,
      SCREENSHOT_S3_REGION: s3.region,
      SCREENSHOT_S3_ACCESS_KEY_ID: s3.accessKeyId,
      SCREENSHOT_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      SCREENSHOT_S3_PATH_STYLE: 'true',
    });
    try {
      const result = await scan(siteUrl, {
        render: app.app.scanCapture.environmentFor(null)!.render,
        network: { allowPrivateNetworks: true },
      });
      const link = new URL(result.screenshot_link!, 'http://any.host');
      expect(link.pathname).toMatch(/^\/screenshots\/[0-9a-f]{40}\.webp$/);
      const stored = s3.objects.get(`screenshots/${link.pathname.split('/').pop()}`);
      expect(stored?.contentType).toBe('image/webp');
      expect(s3.log.filter((entry) => entry.method === 'PUT').every((entry) => entry.status === 200)).toBe(true);

      const response = await app.app.inject({ method: 'GET', url: link.pathname });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload).toEqual(stored?.body);
      expect(existsSync(path.join(app.config.dataDir, 'screenshots', link.pathname.split('/').pop()!))).toBe(false);
    } finally {
      await app.close();
      await s3.close();
    }
  });

  it('is chosen by SCREENSHOT_S3_BUCKET, validated at start, with files under DATA_DIR the default', () => {
    const keys = { SCREENSHOT_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', SCREENSHOT_S3_SECRET_ACCESS_KEY: 'very-secret-key' };
    expect(loadConfig({ DATA_DIR: '/srv/riskscan' }).browser.screenshots).toEqual({ kind: 'directory', dir: '/srv/riskscan/screenshots' });
    expect(loadConfig({ SCREENSHOT_S3_BUCKET: 'shots', SCREENSHOT_S3_REGION: 'eu-central-1', ...keys }).browser.screenshots).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        bucket: 'shots',
        region: 'eu-central-1',
        pathStyle: false,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'very-secret-key',
      },
    });
    expect(() => loadConfig({ SCREENSHOT_S3_BUCKET: 'shots' })).toThrow(/SCREENSHOT_S3_ACCESS_KEY_ID/);
    expect(() => loadConfig(keys)).toThrow(/need a bucket/);
    expect(() => loadConfig({ SCREENSHOT_S3_BUCKET: 'Shots_Bucket', ...keys })).toThrow(/SCREENSHOT_S3_BUCKET/);
    expect(() => loadConfig({ SCREENSHOT_S3_BUCKET: 'shots', SCREENSHOT_S3_ENDPOINT: 'ftp://minio:9000', ...keys })).toThrow(ConfigError);
    expect(() => loadConfig({ SCREENSHOT_S3_BUCKET: 'shots', SCREENSHOT_S3_ENDPOINT: 'http://minio:9000/bucket', ...keys })).toThrow(
      /scheme, host and port only/,
    );
    const error = (() => {
      try {
        loadConfig({ SCREENSHOT_S3_BUCKET: 'shots', SCREENSHOT_S3_REGION: 'Not A Region', ...keys });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toContain('SCREENSHOT_S3_REGION');
    expect(error?.message).not.toContain('very-secret-key');
  });
});
