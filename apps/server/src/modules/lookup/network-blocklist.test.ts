import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scan } from '@riskscan/scanner';
import { startFixtureWorld } from '@riskscan/scanner/testing';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createScanRunnerContext } from '../scans/scan-runtime.ts';
import { NetworkBlocklist } from './network-blocklist.ts';

const network = (asn: number, asname: string, cc: string) =>
  JSON.stringify({ asn, rir: 'ripencc', domain: `${asname.toLowerCase()}.example`, cc, asname });
const metadata = (records: number) =>
  JSON.stringify({
    type: 'metadata',
    timestamp: 1763712000,
    size: 0,
    records,
    copyright: '(c) 2026 The Spamhaus Project SLU',
    terms: 'https://www.spamhaus.org/drop/terms/',
  });
const asnDrop = (...lines: string[]) => `${lines.join('\n')}\n${metadata(lines.length)}\n`;

/** A local stand-in for www.spamhaus.org/drop/asndrop.json, answering JSON lines like the real file. */
let body = '';
let status = 200;
let requests = 0;
let server: Server;
let url = '';
let dir = '';
let logLines: string[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/drop/asndrop.json`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'asndrop-'));
  body = asnDrop(network(64496, 'SHADY-HOSTING-AS', 'nl'));
  status = 200;
  requests = 0;
  logLines = [];
  return () => rm(dir, { recursive: true, force: true });
});

const blocklist = (clock: { now: number }, cacheFile = path.join(dir, 'feeds', 'asndrop.json')) =>
  new NetworkBlocklist(
    { url, refreshMinutes: 60, cacheFile },
    { limits: { timeoutMs: 5000, maxBytes: 1024 * 1024 }, log, now: () => clock.now },
  );

describe('NetworkBlocklist', () => {
  it('downloads the list, answers lookups by AS number and keeps the file for the next start', async () => {
    const clock = { now: Date.parse('2026-11-21T08:00:00Z') };
    const list = blocklist(clock);
    await list.settled();
    await expect(list.lookup(64496)).resolves.toEqual({
      asn: 64496,
      name: 'SHADY-HOSTING-AS',
      country: 'NL',
      rir: 'ripencc',
      domain: 'shady-hosting-as.example',
      list: 'Spamhaus ASN-DROP',
    });
    await expect(list.lookup(15169)).resolves.toBeNull();
    expect(requests).toBe(1);
    expect(await readFile(path.join(dir, 'feeds', 'asndrop.json'), 'utf8')).toBe(body);

    // A restart while the list's host is down answers from the kept copy, without asking.
    status = 503;
    const restarted = blocklist(clock);
    await restarted.settled();
    await expect(restarted.lookup(64496)).resolves.toMatchObject({ asn: 64496 });
    expect(requests).toBe(1);
  });

  it('fetches again once the copy is older than the refresh interval, answering from the old copy meanwhile', async () => {
    const clock = { now: Date.parse('2026-11-21T08:00:00Z') };
    const list = blocklist(clock);
    await list.settled();
    body = asnDrop(network(64497, 'BP-NET', 'us'));

    clock.now += 30 * 60_000;
    await expect(list.lookup(64497)).resolves.toBeNull();
    expect(requests).toBe(1);

    clock.now += 31 * 60_000;
    await expect(list.lookup(64496)).resolves.toMatchObject({ asn: 64496 });
    await list.settled();
    expect(requests).toBe(2);
    await expect(list.lookup(64497)).resolves.toMatchObject({ name: 'BP-NET', country: 'US' });
    await expect(list.lookup(64496)).resolves.toBeNull();
  });

  it('keeps the previous list when a download fails or is cut off, and does not retry on every lookup', async () => {
    const clock = { now: Date.parse('2026-11-21T08:00:00Z') };
    const list = blocklist(clock);
    await list.settled();

    clock.now += 61 * 60_000;
    body = `${network(64497, 'BP-NET', 'us')}\n${metadata(2)}\n`;
    await list.lookup(1);
    await list.settled();
    await expect(list.lookup(64496)).resolves.toMatchObject({ asn: 64496 });
    expect(requests).toBe(2);
    expect(logLines.some((line) => line.includes('network blocklist refresh failed'))).toBe(true);

    status = 500;
    await list.lookup(1);
    await list.settled();
    expect(requests).toBe(2);
    expect(await readFile(path.join(dir, 'feeds', 'asndrop.json'), 'utf8')).toContain('SHADY-HOSTING-AS');
  });
});

describe('scan runner sources', () => {
  it('offers the blocklist and the passive-DNS source to the scanner when configured', async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      ASN_DROP_URL: url,
      PASSIVE_DNS_URL: 'https://pdns.example/pdns/query/',
      PASSIVE_DNS_USERNAME: 'riskscan',
      PASSIVE_DNS_PASSWORD: 'secret',
    });
    const context = createScanRunnerContext({
      config,
      db: null as never,
      allowance: null as never,
      log,
      capture: null as never,
      threatIntel: null as never,
      deliveries: null as never,
    });
    expect(context.scanner.passiveDns).toEqual({
      url: 'https://pdns.example/pdns/query/',
      username: 'riskscan',
      password: 'secret',
      timeoutMs: 5000,
    });
    await expect.poll(() => context.scanner.networkListing?.(64496)).toMatchObject({ asn: 64496, list: 'Spamhaus ASN-DROP' });

    const bare = createScanRunnerContext({
      config: loadConfig({}),
      db: null as never,
      allowance: null as never,
      log,
      capture: null as never,
      threatIntel: null as never,
      deliveries: null as never,
    });
    expect(bare.scanner.networkListing).toBeUndefined();
    expect(bare.scanner.passiveDns).toBeUndefined();
  });

  it('lets a scan of a site on a listed network report bulletproof hosting from the downloaded list', async () => {
    const world = await startFixtureWorld();
    try {
      const context = createScanRunnerContext({
        config: loadConfig({ DATA_DIR: dir, ASN_DROP_URL: url }),
        db: null as never,
        allowance: null as never,
        log,
        capture: null as never,
        threatIntel: null as never,
        deliveries: null as never,
        scanner: {
          ...world.scanOptions,
          // No database here: our own public-scan tallies know nothing.
          reverseIpLookup: async () => [],
          networkReputation: async () => null,
          // The fixture site answers on 127.0.0.1; place it in the AS the stand-in list names.
          asnLookup: async () => ({ asn: 64496, organisation: 'Shady Hosting Ltd' }),
        },
      });
      // The first download runs in the background; lookups answer from it once it has landed.
      await expect.poll(() => context.scanner.networkListing?.(64496)).toMatchObject({ asn: 64496 });
      const result = await scan('https://sunny-garden-blog.com/', { ...context.scanner, extendedChecks: { ip_checks: true } });
      const detail = result.checks
        .find((category) => category.category === 'IP Reputation')
        ?.details.find((entry) => entry.name === 'ip_bulletproof_hosting');
      expect(detail).toMatchObject({ risk_score: 50, is_active: true });
      expect(detail?.message).toContain('AS64496 (SHADY-HOSTING-AS, NL), which Spamhaus ASN-DROP lists');
      expect(result.overall_risk).toBeGreaterThanOrEqual(50);
    } finally {
      await world.close();
    }
  });

  it('validates the settings', () => {
    expect(() => loadConfig({ ASN_DROP_URL: 'ftp://example.org/asndrop.json' })).toThrow(/ASN_DROP_URL/);
    expect(() => loadConfig({ ASN_DROP_URL: url, ASN_DROP_REFRESH_MINUTES: '5' })).toThrow(/ASN_DROP_REFRESH_MINUTES/);
    expect(() => loadConfig({ PASSIVE_DNS_URL: 'https://pdns.example/pdns/query' })).toThrow(/must end with \//);
    expect(() => loadConfig({ PASSIVE_DNS_URL: 'https://pdns.example/q/', PASSIVE_DNS_USERNAME: 'only-user' })).toThrow(/go together/);
    expect(() => loadConfig({ PASSIVE_DNS_URL: 'https://pdns.example/q/', PASSIVE_DNS_TIMEOUT_MS: '60000' })).toThrow(
      /PASSIVE_DNS_TIMEOUT_MS/,
    );
    expect(loadConfig({ ASN_DROP_URL: url, DATA_DIR: dir }).extendedSources.networkBlocklist).toEqual({
      url,
      refreshMinutes: 720,
      cacheFile: path.join(dir, 'feeds', 'asndrop.json'),
    });
  });
});
