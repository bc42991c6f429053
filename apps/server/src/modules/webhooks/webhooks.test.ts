import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createResolver } from '@riskscan/scanner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  deliverWebhook,
  newWebhookSecret,
  SIGNATURE_HEADER,
  signWebhook,
  standardWebhookHeaders,
  verifyWebhookSignature,
} from './index.ts';

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let answer = 204;
let server: http.Server;
let url: string;
const resolver = createResolver({ servers: ['127.0.0.1:9'], timeoutMs: 200, tries: 1 });

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/riskscan`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('webhook signatures', () => {
  it('verifies its own signature and refuses a changed body, another secret or an old timestamp', () => {
    const now = 1_790_000_000;
    const header = signWebhook('whsec_a', '{"x":1}', now);
    expect(header).toMatch(/^t=1790000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature('whsec_a', header, '{"x":1}', now + 10)).toBe(true);
    expect(verifyWebhookSignature('whsec_a', header, '{"x":2}', now)).toBe(false);
    expect(verifyWebhookSignature('whsec_b', header, '{"x":1}', now)).toBe(false);
    expect(verifyWebhookSignature('whsec_a', header, '{"x":1}', now + 301)).toBe(false);
    expect(verifyWebhookSignature('whsec_a', 'v1=abc', '{"x":1}', now)).toBe(false);
  });

  it('matches the documented recipe: HMAC-SHA256 in hex over "<t>.<body>"', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', 'whsec_doc').update('1790000000.{}').digest('hex');
    expect(signWebhook('whsec_doc', '{}', 1_790_000_000)).toBe(`t=1790000000,v1=${expected}`);
  });
});

describe('Standard Webhooks', () => {
  it('signs as the standardwebhooks library verifies, with the secret as issued, and fails it for another body or secret', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const body = '{"type":"scan.finished"}';
    const now = Math.floor(Date.now() / 1000);
    const headers = standardWebhookHeaders(secret, 'msg_1', body, now);
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'scan.finished' });
    expect(() => new Webhook(secret).verify('{"type":"other"}', headers)).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    // The library's own signature of the same message is ours.
    expect(new Webhook(secret).sign('msg_1', new Date(now * 1000), body)).toBe(headers['webhook-signature']);
  });
});

describe('webhook delivery', () => {
  it('POSTs the JSON body with a signature the receiver can verify', async () => {
    answer = 204;
    const outcome = await deliverWebhook(url, { hello: 'world' }, 'whsec_t', { resolver, allowPrivateNetworks: true }, 'delivery-1');
    expect(outcome).toEqual({ ok: true, status: 204 });
    const last = received.at(-1)!;
    expect(JSON.parse(last.body)).toEqual({ hello: 'world' });
    expect(last.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature('whsec_t', String(last.headers[SIGNATURE_HEADER.toLowerCase()]), last.body)).toBe(true);
    expect(last.headers['webhook-id']).toBe('delivery-1');
    // One send time for both signatures.
    expect(last.headers[SIGNATURE_HEADER.toLowerCase()]).toContain(`t=${String(last.headers['webhook-timestamp'])},`);
  });

  it('carries Standard Webhooks headers the standardwebhooks library verifies', async () => {
    answer = 204;
    const secret = newWebhookSecret();
    await deliverWebhook(url, { n: 1 }, secret, { resolver, allowPrivateNetworks: true }, 'delivery-4');
    const last = received.at(-1)!;
    expect(new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).toEqual({ n: 1 });
  });

  it('reports an answer outside 2xx as a failure to retry', async () => {
    answer = 503;
    const outcome = await deliverWebhook(url, {}, 'whsec_t', { resolver, allowPrivateNetworks: true }, 'delivery-2');
    expect(outcome).toEqual({ ok: false, status: 503, error: 'The endpoint answered HTTP 503.' });
  });

  it('never calls a private address: the egress guard refuses it before connecting', async () => {
    const before = received.length;
    const outcome = await deliverWebhook(url, {}, 'whsec_t', { resolver }, 'delivery-3');
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.error).toMatch(/Refused/);
    expect(received.length).toBe(before);
  });
});
