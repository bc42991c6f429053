import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../net/resolver.ts';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { EXPANSION_LIMITS, expandShortLinks, type ExpansionNetwork } from './expand-short-links.ts';

// A second loopback address stands in for the public Internet; 127.0.0.1 is the internal network.
const PUBLIC_STAND_IN = '127.0.0.2';

describe('expandShortLinks', () => {
  let dns: LoopbackDns;
  let site: http.Server;
  let internal: http.Server;
  let internalHits = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const requests: string[] = [];
  let network: ExpansionNetwork;

  beforeAll(async () => {
    internal = http.createServer((_request, response) => {
      internalHits++;
      response.end('admin');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    const internalPort = (internal.address() as AddressInfo).port;
    site = http.createServer((request, response) => {
      const url = `${request.headers.host}${request.url}`;
      requests.push(`${request.method} ${url}`);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const answer = (status: number, location?: string) =>
        setTimeout(() => {
          inFlight--;
          response.writeHead(status, location ? { location } : {}).end();
        }, 20);
      if (url === 'bit.ly/abc') answer(301, 'http://tinyurl.com/x2');
      else if (url === 'tinyurl.com/x2') answer(302, '/landing');
      else if (url === 'tinyurl.com/landing') answer(302, 'http://landing.example-pay.top/login');
      else if (url === 'bit.ly/nohead') answer(request.method === 'HEAD' ? 405 : 302, 'http://landing.example-pay.top/login');
      else if (url === 'bit.ly/internal') answer(302, `http://intranet-admin.example.com:${internalPort}/`);
      else if (url === 'bit.ly/loop') answer(302, '/loop');
      else if (url.startsWith('t.co/')) answer(302, 'http://landing.example-pay.top/');
      else answer(200);
    });
    await new Promise<void>((resolve) => site.listen(0, PUBLIC_STAND_IN, resolve));
    dns = await startLoopbackDns({
      'bit.ly': [PUBLIC_STAND_IN],
      'tinyurl.com': [PUBLIC_STAND_IN],
      't.co': [PUBLIC_STAND_IN],
      'landing.example-pay.top': [PUBLIC_STAND_IN],
      'intranet-admin.example.com': ['127.0.0.1'],
    });
    network = {
      resolver: createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 }),
      exemptAddresses: [PUBLIC_STAND_IN],
      connectPorts: { 80: (site.address() as AddressInfo).port },
    };
  });
  afterAll(async () => {
    await Promise.all([dns.close(), new Promise((resolve) => site.close(resolve)), new Promise((resolve) => internal.close(resolve))]);
  });

  it('follows a chain of shorteners to where it leads, asking with HEAD and with GET when HEAD is refused', async () => {
    const expansions = await expandShortLinks(
      ['http://bit.ly/abc', 'http://bit.ly/nohead', 'https://www.example.com/not-short', 'http://bit.ly/abc'],
      network,
    );
    expect([...expansions.keys()]).toEqual(['http://bit.ly/abc', 'http://bit.ly/nohead']);
    expect(expansions.get('http://bit.ly/abc')).toEqual({ final_url: 'http://landing.example-pay.top/login', hops: 3, error: null });
    expect(expansions.get('http://bit.ly/nohead')).toEqual({ final_url: 'http://landing.example-pay.top/login', hops: 1, error: null });
    expect(requests).toContain('HEAD bit.ly/abc');
    expect(requests).toContain('GET bit.ly/nohead');
    expect(requests).not.toContain('GET bit.ly/abc');
  });

  it('stops at a redirect to an internal address: the egress guard refuses it and nothing reaches it', async () => {
    const expansions = await expandShortLinks(['http://bit.ly/internal'], network);
    expect(expansions.get('http://bit.ly/internal')).toEqual({
      final_url: null,
      hops: 1,
      error: expect.stringMatching(
        /^intranet-admin\.example\.com:\d+: Refused: intranet-admin\.example\.com does not resolve to a public address$/,
      ),
    });
    expect(internalHits).toBe(0);
  });

  it('bounds hops per link and requests in flight', async () => {
    expect((await expandShortLinks(['http://bit.ly/loop'], network)).get('http://bit.ly/loop')).toEqual({
      final_url: null,
      hops: EXPANSION_LIMITS.hops,
      error: `More than ${EXPANSION_LIMITS.hops} redirects (hop limit ${EXPANSION_LIMITS.hops}).`,
    });
    mostInFlight = 0;
    const many = Array.from({ length: EXPANSION_LIMITS.links + 5 }, (_, index) => `http://t.co/${index}`);
    const expansions = await expandShortLinks(many, network);
    expect(expansions.size).toBe(EXPANSION_LIMITS.links);
    expect(mostInFlight).toBeLessThanOrEqual(EXPANSION_LIMITS.concurrency);
    expect(mostInFlight).toBeGreaterThan(1);
  });
});
