import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../webhooks/index.ts';
import { bearer, BUSINESS_PLAN, FIXTURE_URL, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

type Received = { headers: IncomingMessage['headers']; body: string };

/** A customer's webhook endpoint: fails the first delivery with 503, then takes them. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; next(): Promise<Received> }> {
  const received: Received[] = [];
  const waiting: ((value: Received) => void)[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const entry = { headers: request.headers, body };
      received.push(entry);
      response.statusCode = received.length === 1 ? 503 : 204;
      response.end();
      waiting.shift()?.(entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/riskscan`, received, next: () => new Promise((resolve) => waiting.push(resolve)) };
}

describe('scan API for integrators: callbacks, batches, submit-and-wait', () => {
  let t: ScanTestWorld;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startScanTestWorld({ plan: BUSINESS_PLAN });
    headers = bearer((await t.signedInUser()).token);
  });
  afterAll(() => t.close());

  it('POSTs the signed report to callback_url when the scan ends, retrying after a failure', { timeout: 60_000 }, async () => {
    const receiver = await startReceiver();
    try {
      const firstTry = receiver.next();
      const queued = await t.app.inject({
        method: 'POST',
        url: '/api/v1/scans/',
        headers,
        payload: { url: FIXTURE_URL, new: true, fastCheck: true, callback_url: receiver.url },
      });
      expect(queued.statusCode).toBe(202);
      await firstTry;
      const retried = await receiver.next();
      expect(receiver.received).toHaveLength(2);
      const payload = JSON.parse(retried.body);
      expect(payload).toMatchObject({ uid: queued.json().uid, status: 'done', data: { overall_risk: expect.any(Number) } });
      expect(retried.headers['content-type']).toBe('application/json');
      const { secret } = (await t.app.inject({ method: 'GET', url: '/api/v1/webhooks/secret/', headers })).json();
      expect(secret).toMatch(/^whsec_/);
      const signature = String(retried.headers['x-riskscan-signature']);
      expect(verifyWebhookSignature(secret, signature, retried.body)).toBe(true);
      expect(verifyWebhookSignature(secret, signature, retried.body.replace('done', 'DONE'))).toBe(false);
      // The retry came from the delivery log, as the same delivery.
      expect(retried.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      const logged = await t.app.db
        .selectFrom('deliveries')
        .selectAll()
        .where('source_id', '=', queued.json().uid)
        .executeTakeFirstOrThrow();
      expect(logged).toMatchObject({ kind: 'scan_callback', status: 'delivered', attempts: 2, delivery_id: retried.headers['webhook-id'] });
    } finally {
      receiver.server.close();
    }
  });

  it("signs a reused scan's callback with the caller's secret, never the original owner's", { timeout: 60_000 }, async () => {
    const owner = bearer((await t.signedInUser()).token);
    const url = 'https://sunny-garden-blog.com/?reuse=callback';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: owner,
      payload: { url, new: true, fastCheck: true, wait: true },
    });
    expect(first.json().status).toBe('done');
    const receiver = await startReceiver();
    try {
      const firstTry = receiver.next();
      const reused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/scans/',
        headers,
        payload: { url, fastCheck: true, callback_url: receiver.url },
      });
      expect(reused.statusCode).toBe(200);
      expect(reused.json().uid).toBe(first.json().uid);
      await firstTry;
      const delivered = await receiver.next();
      const secretOf = async (who: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/v1/webhooks/secret/', headers: who })).json<{ secret: string }>().secret;
      const signature = String(delivered.headers['x-riskscan-signature']);
      expect(verifyWebhookSignature(await secretOf(headers), signature, delivered.body)).toBe(true);
      expect(verifyWebhookSignature(await secretOf(owner), signature, delivered.body)).toBe(false);
    } finally {
      receiver.server.close();
    }
  });

  it('refuses a callback_url that is not http(s)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers,
      payload: { url: FIXTURE_URL, callback_url: 'file:///etc/passwd' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ callback_url: ['Enter a valid http or https URL.'] });
  });

  it('wait=true answers the finished report in the same call', { timeout: 90_000 }, async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers,
      payload: { url: FIXTURE_URL, new: true, fastCheck: true, wait: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'done', data: { overall_risk: expect.any(Number) } });
  });

  it('batch queues one scan per URL in order, with an error entry for what cannot be scanned, and refuses more than 100', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/batch/',
      headers,
      payload: { urls: [FIXTURE_URL, 'http://exa mple.com', 'https://sunny-garden-blog.com/about/'], new: true, fastCheck: true },
    });
    expect(response.statusCode).toBe(200);
    const { scans } = response.json();
    expect(scans).toEqual([
      { url: FIXTURE_URL, uid: expect.any(String), status: 'queued' },
      { url: 'http://exa mple.com', error: 'Please enter a valid URL.' },
      { url: 'https://sunny-garden-blog.com/about/', uid: expect.any(String), status: 'queued' },
    ]);
    expect(scans[0].uid).not.toBe(scans[2].uid);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/batch/',
      headers,
      payload: { urls: Array.from({ length: 101 }, () => FIXTURE_URL) },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ urls: ['Please send at most 100 URLs.'] });
  });

  it("pages through all of one's history in pages of up to 1,000", async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/?page_size=1000', headers })).json();
    expect(all.count).toBeGreaterThan(2);
    expect(all.results).toHaveLength(all.count);
    expect(all.next).toBeNull();
    const first = (await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/?page_size=2', headers })).json();
    expect(first.results).toHaveLength(2);
    expect(first.next).toBe('/api/v1/scan-history/?page=2&page_size=2');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/?page_size=1001', headers })).statusCode).toBe(400);
  });
});
