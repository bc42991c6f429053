import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_FAILED } from './scan-presenter.ts';
import { findUserAgent } from '@riskscan/scanner';
import { bearer, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** A site that never finishes answering: only the time limit ends a scan of it. */
const requests: string[] = [];
const stuck = http.createServer((request) => {
  requests.push(request.url ?? '/');
});

/** A site that records the User-Agent each scan sends. */
const agents: (string | undefined)[] = [];
const recorder = http.createServer((request, response) => {
  agents.push(request.headers['user-agent']);
  response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Agents</title>');
});

let t: ScanTestWorld;
let port: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
  port = (stuck.address() as AddressInfo).port;
  // The limit also bounds the user-agent test's real scan: 1 s was missed under a loaded suite (503).
  t = await startScanTestWorld({ env: { SCAN_TIME_LIMIT_MS: '4000', SCAN_ATTEMPTS: '2', SCAN_RETRY_DELAY_MS: '100' } });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  t.world.dns.set('stuck-shop.example', ['127.0.0.1']);
  t.world.dns.set('agent-check.example', ['127.0.0.1']);
});

afterAll(async () => {
  await t.close();
  stuck.closeAllConnections();
  await new Promise((resolve) => stuck.close(resolve));
  await new Promise((resolve) => recorder.close(resolve));
});

describe('scan options', () => {
  it('sends the chosen user agent to the site', async () => {
    const user = await t.signedInUser();
    const url = `http://agent-check.example:${(recorder.address() as AddressInfo).port}/`;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url, fastCheck: 'true', user_agent: 'mobile-safari-ios' },
      headers: bearer(user.token),
    });
    expect(response.statusCode).toBe(200);
    expect(agents.at(-1)).toBe(findUserAgent('mobile-safari-ios')?.value);
    expect(agents.at(-1)).toContain('iPhone');
  });
});

describe('scan time limit', () => {
  it('ends an attempt after SCAN_TIME_LIMIT_MS, retries, then reports the scan failed', async () => {
    const user = await t.signedInUser();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url: `http://stuck-shop.example:${port}/`, fastCheck: 'true' },
      headers: bearer(user.token),
    });
    expect([response.statusCode, response.json()]).toEqual([503, { detail: SCAN_FAILED }]);
    expect(requests.length).toBe(2);
    const row = await t.app.db.selectFrom('scans').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 2, error: 'the scan took longer than 4000 ms', result: null });
  });
});
