import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, SLOW_CLIENT_TIMEOUTS } from './app.ts';
import { loadConfig } from './config.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

describe('slow clients', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ SCAN_BROWSER: 'false' });
    await test.app.listen({ host: '127.0.0.1', port: 0 });
  }, 180_000);
  afterAll(() => test.close());

  it('gives the listening server a header deadline, a request deadline and idle timeouts', () => {
    const server = test.app.server;
    expect(server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server.requestTimeout).toBe(SLOW_CLIENT_TIMEOUTS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(SLOW_CLIENT_TIMEOUTS.keepAliveTimeout);
    expect(server.timeout).toBe(SLOW_CLIENT_TIMEOUTS.connectionTimeout);
    expect(server.headersTimeout).toBeLessThanOrEqual(server.requestTimeout);
  });

  it('still answers a client that sends its request whole', async () => {
    const { port } = test.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.end('GET /livez HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });

  it("keeps the worker's unauthenticated probes on loopback unless configured", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).scanService.workerMetricsHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', WORKER_METRICS_HOST: '10.0.0.5' }).scanService.workerMetricsHost).toBe('10.0.0.5');
  });
});
