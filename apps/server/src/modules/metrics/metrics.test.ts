import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('probes and metrics (issue 21)', () => {
  it('answers liveness and readiness with what they checked', async () => {
    expect((await t.app.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', database: 'up', queue: 'up', closing: false }]);
  });

  it('is not ready while the scan queue’s Redis does not answer', async () => {
    // A port nobody listens on: take a free one and close it again.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const withRedis = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    try {
      const ready = await withRedis.app.inject({ url: '/readyz' });
      expect([ready.statusCode, ready.json().queue]).toEqual([503, 'down']);
    } finally {
      await withRedis.close();
    }
  });

  it('serves Prometheus figures: queue depth and age, scan stages, verdicts, HTTP errors, process memory', async () => {
    await t.app.inject({ url: '/api/recent-scans/' });
    const response = await t.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    for (const name of [
      'riskscan_scan_queue_depth{status="queued"} 0',
      'riskscan_scan_queue_oldest_age_seconds 0',
      '# TYPE riskscan_scan_stage_duration_seconds histogram',
      '# TYPE riskscan_scan_verdicts_total counter',
      '# TYPE riskscan_http_errors_total counter',
      'riskscan_process_resident_memory_bytes',
      'riskscan_http_responses_total{method="GET",route="/api/recent-scans/",status_class="2xx"}',
    ]) {
      expect(text).toContain(name);
    }
  });
});
