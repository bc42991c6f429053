import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createResolver } from '@riskscan/scanner';
import { createTestCa } from '@riskscan/scanner/testing';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { deliverWithRetries, newWebhookSecret } from './index.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';

const loopback = { resolver: createResolver(), allowPrivateNetworks: true };

describe('webhook delivery with retries', () => {
  it('tries again after a 503 and stops at the first 2xx', async () => {
    const receiver = await startWebhookReceiver();
    try {
      receiver.answerWith(503);
      const secret = newWebhookSecret();
      const delivery = deliverWithRetries(receiver.url, { n: 1 }, secret, loopback, [50, 50]);
      await receiver.take();
      receiver.answerWith(204);
      const outcome = await delivery;
      expect(outcome).toEqual({ ok: true, status: 204, attempts: 2, deliveryId: expect.any(String) });
      // Both attempts are the same delivery to the receiver: one webhook-id, each attempt verifiable.
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([outcome.deliveryId, outcome.deliveryId]);
      for (const request of receiver.received) {
        expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual({ n: 1 });
      }
    } finally {
      await receiver.close();
    }
  });

  it('gives up at once on a 4xx and on an address the egress guard refuses', async () => {
    const receiver = await startWebhookReceiver();
    try {
      receiver.answerWith(410);
      expect(await deliverWithRetries(receiver.url, {}, 'k', loopback, [1, 1])).toMatchObject({ ok: false, status: 410, attempts: 1 });
      const refused = await deliverWithRetries(receiver.url, {}, 'k', { resolver: createResolver() }, []);
      expect(refused).toMatchObject({ ok: false, status: null, attempts: 1 });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('never hands the payload to a server whose certificate is not valid', async () => {
    const certificate = createTestCa().issue({
      hostnames: ['127.0.0.1'],
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
    });
    let hits = 0;
    const server = createServer(certificate, (_request, response) => {
      hits++;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const outcome = await deliverWithRetries(url, { secret: 'report' }, 'k', loopback, [1]);
      expect(outcome).toMatchObject({ ok: false, status: null, attempts: 2 });
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});
