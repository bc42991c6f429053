import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTestCa } from '@riskscan/scanner/testing';
import { describe, expect, it } from 'vitest';
import { deliverWebhook, signWebhook, verifyWebhook } from './index.ts';

describe('webhooks', () => {
  it('signs timestamp and body, and refuses stale or altered deliveries', () => {
    const header = signWebhook('s3cret', '{"a":1}', 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook('s3cret', '{"a":1}', header, 1_800_000_100)).toBe(true);
    expect(verifyWebhook('s3cret', '{"a":2}', header, 1_800_000_100)).toBe(false);
    expect(verifyWebhook('other', '{"a":1}', header, 1_800_000_100)).toBe(false);
    expect(verifyWebhook('s3cret', '{"a":1}', header, 1_800_001_000)).toBe(false);
  });

  it('never reaches private addresses unless the egress policy allows them, and stops retrying on a 4xx', async () => {
    let hits = 0;
    const server = createServer((_request, response) => {
      hits++;
      response.statusCode = 410;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const refused = await deliverWebhook(url, { ok: true }, 'k', { egress: {}, retryDelaysMs: [1, 1] });
      expect(refused).toMatchObject({ delivered: false, attempts: 1, status: null });
      expect(hits).toBe(0);
      const gone = await deliverWebhook(url, { ok: true }, 'k', { egress: { allowPrivateNetworks: true }, retryDelaysMs: [1, 1] });
      expect(gone).toEqual({ delivered: false, attempts: 1, status: 410, error: null });
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('refuses to hand the payload to a server whose certificate is not valid', async () => {
    const certificate = createTestCa().issue({
      hostnames: ['127.0.0.1'],
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
    });
    let hits = 0;
    const server = createTlsServer(certificate, (_request, response) => {
      hits++;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const outcome = await deliverWebhook(url, { secret: 'report' }, 'k', { egress: { allowPrivateNetworks: true }, retryDelaysMs: [1] });
      expect(outcome).toMatchObject({ delivered: false, status: null, error: expect.stringMatching(/certificate/i) });
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
