import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError, callApi, retryAfterSeconds } from './api-client.ts';

describe('riskscan CLI API client', () => {
  it('reads Retry-After as seconds or a date, else RateLimit-Reset', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '7' }))).toBe(7);
    expect(retryAfterSeconds(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6);
    expect(retryAfterSeconds(new Headers({ 'ratelimit-reset': '12' }))).toBe(12);
    expect(retryAfterSeconds(new Headers())).toBe(1);
  });

  it('waits out a 429 for the Retry-After the server sends, then gets the answer; other errors throw with the detail', async () => {
    // A stand-in for a throttling API: its first answer is the 429 riskscan sends past a key's limit.
    let calls = 0;
    const server = createServer((request, response) => {
      calls++;
      response.setHeader('content-type', 'application/json');
      if (request.url === '/fail') {
        response.statusCode = 403;
        response.end(JSON.stringify({ detail: 'Your plan does not include API access.' }));
      } else if (calls === 1) {
        response.statusCode = 429;
        response.setHeader('retry-after', '3');
        response.end(JSON.stringify({ detail: 'Request was throttled. Expected available in 3 seconds.' }));
      } else {
        response.end(JSON.stringify({ ok: true, auth: request.headers.authorization }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const settings = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'rsk_test' };
    const waits: number[] = [];
    try {
      const answer = await callApi(settings, '/ok', { sleep: async (ms) => void waits.push(ms), onThrottled: () => {} });
      expect(answer).toEqual({ status: 200, body: { ok: true, auth: 'Api-Key rsk_test' } });
      expect(waits).toEqual([3000]);
      await expect(callApi(settings, '/fail')).rejects.toThrow(new ApiError(403, { detail: 'Your plan does not include API access.' }));
    } finally {
      server.close();
    }
  });
});
