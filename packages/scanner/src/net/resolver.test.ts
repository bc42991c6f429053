import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackDns, type LoopbackDns } from '../testing/loopback-dns.ts';
import { createResolver, parseDnsServers, ResolveError } from './resolver.ts';

let dns: LoopbackDns;

beforeAll(async () => {
  dns = await startLoopbackDns({ 'shop.example.org': ['198.51.100.7', '2001:db8::7'] });
});

afterAll(async () => {
  await dns.close();
});

describe('createResolver', () => {
  it('asks the configured server for A and AAAA records', async () => {
    const resolver = createResolver({ servers: [dns.server] });
    expect(resolver.servers).toEqual([dns.server]);
    await expect(resolver.resolve('Shop.Example.org.')).resolves.toEqual([
      { address: '198.51.100.7', family: 4 },
      { address: '2001:db8::7', family: 6 },
    ]);
    expect(dns.queries).toEqual(expect.arrayContaining(['A shop.example.org', 'AAAA shop.example.org']));
  });

  it('answers IP literals in any spelling without asking DNS', async () => {
    const resolver = createResolver({ servers: [dns.server] });
    const asked = dns.queries.length;
    await expect(resolver.resolve('0x7f.1')).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolver.resolve('[::ffff:7f00:1]')).resolves.toEqual([{ address: '::ffff:7f00:1', family: 6 }]);
    expect(dns.queries.length).toBe(asked);
  });

  it('answers localhost locally (RFC 6761) and refuses unknown names', async () => {
    const resolver = createResolver({ servers: [dns.server] });
    await expect(resolver.resolve('app.localhost')).resolves.toContainEqual({ address: '127.0.0.1', family: 4 });
    await expect(resolver.resolve('nowhere.example.org')).rejects.toBeInstanceOf(ResolveError);
  });
});

describe('records', () => {
  it('answers any record type over UDP, and the same pipelined over TCP', async () => {
    dns.set('mail.example.org', {
      records: [
        { type: 'NS', ns: 'ns1.example.net' },
        { type: 'MX', exchange: 'mx2.example.org', priority: 20 },
        { type: 'MX', exchange: 'mx1.example.org', priority: 10 },
      ],
    });
    dns.set('broken.example.org', { fail: 'servfail' });
    for (const pipelined of [false, true]) {
      const resolver = createResolver({ servers: [dns.server], pipelined, tries: 1, timeoutMs: 500 });
      await expect(resolver.records('mail.example.org', 'NS')).resolves.toEqual({ status: 'ok', records: ['ns1.example.net'] });
      const mx = await resolver.records('mail.example.org', 'MX');
      expect(mx.status === 'ok' && [...mx.records].sort()).toEqual(['mx1.example.org', 'mx2.example.org']);
      await expect(resolver.records('mail.example.org', 'A')).resolves.toEqual({ status: 'nodata' });
      await expect(resolver.records('nowhere.example.org', 'NS')).resolves.toEqual({ status: 'nxdomain' });
      await expect(resolver.records('broken.example.org', 'A')).resolves.toEqual({ status: 'failed', code: 'ESERVFAIL' });
      const many = await Promise.all(
        Array.from({ length: 300 }, (_, i) => resolver.records(i % 2 ? 'shop.example.org' : `x${i}.example.org`, 'A')),
      );
      expect(many.filter((answer) => answer.status === 'ok')).toHaveLength(150);
      expect(many.filter((answer) => answer.status === 'nxdomain')).toHaveLength(150);
    }
  });
});

describe('records without TCP', () => {
  it('falls back to UDP when the server refuses TCP', async () => {
    const { createSocket } = await import('node:dgram');
    // A UDP-only server: the loopback zone's answers relayed from a port nothing listens on over TCP.
    const relay = createSocket('udp4');
    const upstream = createSocket('udp4');
    const [host, port] = dns.server.split(':');
    relay.on('message', (message, peer) => {
      upstream.once('message', (reply) => relay.send(reply, peer.port, peer.address));
      upstream.send(message, Number(port), host);
    });
    await new Promise<void>((resolve) => relay.bind(0, '127.0.0.1', () => resolve()));
    try {
      const resolver = createResolver({ servers: [`127.0.0.1:${relay.address().port}`], pipelined: true, tries: 1, timeoutMs: 1000 });
      for (let i = 0; i < 3; i++)
        await expect(resolver.records('shop.example.org', 'A')).resolves.toEqual({ status: 'ok', records: ['198.51.100.7'] });
    } finally {
      relay.close();
      upstream.close();
    }
  });
});

describe('parseDnsServers', () => {
  it('splits on commas and spaces', () => {
    expect(parseDnsServers(' 127.0.0.1:5353, [::1]:53  9.9.9.9 ')).toEqual(['127.0.0.1:5353', '[::1]:53', '9.9.9.9']);
  });
});
