import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver, type RecordResolver } from '../net/resolver.ts';
import { type LoopbackDns, startLoopbackDns } from '../testing/loopback-dns.ts';
import type { Lookalike } from './generate-lookalikes.ts';
import { type ResolvedLookalike, resolveLookalikes, type ResolveProgress } from './resolve-lookalikes.ts';

let dns: LoopbackDns;

beforeAll(async () => {
  dns = await startLoopbackDns({
    'paypa1.com': {
      records: [
        { type: 'NS', ns: 'ns1.parking.example' },
        { type: 'A', address: '198.51.100.1' },
        { type: 'AAAA', address: '2001:db8::1' },
        { type: 'MX', exchange: 'mx.parking.example', priority: 10 },
      ],
    },
    'paypall.com': { records: [{ type: 'NS', ns: 'ns1.registrar.example' }] },
    'paypal.net': ['198.51.100.2'],
    'paypai.com': { fail: 'servfail' },
    'paypaj.com': { fail: 'timeout' },
  });
});

afterAll(async () => {
  await dns.close();
});

const names: Lookalike[] = [
  { domain: 'paypa1.com', fuzzer: 'homoglyph' },
  { domain: 'paypall.com', fuzzer: 'addition' },
  { domain: 'paypal.net', fuzzer: 'tld-swap' },
  { domain: 'paypai.com', fuzzer: 'replacement' },
  { domain: 'paypaj.com', fuzzer: 'replacement' },
  { domain: 'paypak.com', fuzzer: 'replacement' },
];

async function collect(results: AsyncIterable<ResolvedLookalike>): Promise<Map<string, ResolvedLookalike>> {
  const all = new Map<string, ResolvedLookalike>();
  for await (const result of results) all.set(result.domain, result);
  return all;
}

describe('resolveLookalikes', () => {
  it("tells registered, unregistered and unknown names apart as dnstwist's DNS mode does, minus its false positives", async () => {
    const progress: ResolveProgress[] = [];
    const results = await collect(
      resolveLookalikes(names, { dnsServers: [dns.server], timeoutMs: 300, retries: 1, onProgress: (step) => progress.push(step) }),
    );
    expect(results.get('paypa1.com')).toEqual({
      domain: 'paypa1.com',
      fuzzer: 'homoglyph',
      status: 'registered',
      dns: { ns: ['ns1.parking.example'], a: ['198.51.100.1'], aaaa: ['2001:db8::1'], mx: ['mx.parking.example'] },
    });
    // Delegated but without an address: still registered.
    expect(results.get('paypall.com')).toMatchObject({ status: 'registered', dns: { ns: ['ns1.registrar.example'], a: [] } });
    expect(results.get('paypal.net')).toMatchObject({ status: 'registered', dns: { ns: [], a: ['198.51.100.2'], mx: [] } });
    // SERVFAIL and silence are not registrations.
    expect(results.get('paypai.com')?.status).toBe('unknown');
    expect(results.get('paypaj.com')?.status).toBe('unknown');
    expect(results.get('paypak.com')).toMatchObject({ status: 'unregistered', dns: { ns: [], a: [], aaaa: [], mx: [] } });
    expect(progress.at(-1)).toEqual({ done: 6, registered: 3, unknown: 2, total: 6 });
    expect(progress.map((step) => step.done)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('asks NS first and stops at NXDOMAIN; MX only for a delegated name', async () => {
    const asked = dns.queries.length;
    await collect(resolveLookalikes([{ domain: 'nowhere-example.com', fuzzer: 'addition' }], { dnsServers: [dns.server] }));
    expect(dns.queries.slice(asked)).toEqual(['2 nowhere-example.com']);
    const before = dns.queries.length;
    await collect(resolveLookalikes([{ domain: 'paypal.net', fuzzer: 'tld-swap' }], { dnsServers: [dns.server] }));
    expect(dns.queries.slice(before).sort()).toEqual(['2 paypal.net', 'A paypal.net', 'AAAA paypal.net']);
  });

  it('retries a failed query before calling the name unknown', async () => {
    const asked = dns.queries.length;
    await collect(resolveLookalikes([{ domain: 'paypai.com', fuzzer: 'replacement' }], { dnsServers: [dns.server], retries: 2 }));
    expect(dns.queries.slice(asked).filter((query) => query === '2 paypai.com')).toHaveLength(3);
  });

  it('pulls names lazily and keeps at most `concurrency` in flight', async () => {
    const real = createResolver({ servers: [dns.server] });
    let inFlight = 0;
    let most = 0;
    const counting: RecordResolver = {
      async records(name, type) {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await real.records(name, type);
        } finally {
          inFlight--;
        }
      },
    };
    let pulled = 0;
    function* many(): Iterable<Lookalike> {
      for (let i = 0; i < 40; i++) {
        pulled++;
        yield { domain: `free-${i}.example.com`, fuzzer: 'addition' };
      }
    }
    const iterator = resolveLookalikes(many(), { resolver: counting, concurrency: 4 })[Symbol.asyncIterator]();
    await iterator.next();
    expect(pulled).toBeLessThan(20); // not all 40: names are pulled as slots free up
    let count = 1;
    while (!(await iterator.next()).done) count++;
    expect(count).toBe(40);
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
  });
});
