import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_FAILED } from './scan-requests.ts';
import { bearer, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/** A site that never finishes answering: only the time limit ends a scan of it. */
const requests: string[] = [];
const stuck = http.createServer((request) => {
  requests.push(request.url ?? '/');
});

let t: ScanTestWorld;
let port: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
  port = (stuck.address() as AddressInfo).port;
  t = await startScanTestWorld({ env: { SCAN_TIME_LIMIT_MS: '1000', SCAN_ATTEMPTS: '2', SCAN_RETRY_DELAY_MS: '100' } });
  t.world.dns.set('stuck-shop.example', ['127.0.0.1']);
});

afterAll(async () => {
  await t.close();
  stuck.closeAllConnections();
  await new Promise((resolve) => stuck.close(resolve));
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
    expect(row).toMatchObject({ status: 'failed', attempts: 2, error: 'the scan took longer than 1000 ms', result: null });
  });
});
