import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Lookalike } from '@riskscan/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { certificateNames, startCtStream } from './ct-stream.ts';
import { parseNameList } from './discovery.ts';
import { type CertstreamStandIn, certificateUpdate, startCertstreamStandIn } from './testing/certstream-stand-in.ts';

let world: ScanTestWorld;
let certstream: CertstreamStandIn;
let nrd: http.Server;
let nrdRequests = 0;
let owner: SignedInUser;
let monitorUid: string;

/** Today's newly-registered domains, one a line, as NRD feeds publish them. */
const NRD_LIST = '# newly registered domains\npixelforge-support.com\nexample-bakery.com\n\nquiet-meadow.net\n';

beforeAll(async () => {
  certstream = await startCertstreamStandIn();
  nrd = http.createServer((_request, response) => {
    nrdRequests++;
    response.writeHead(200, { 'content-type': 'text/plain' }).end(NRD_LIST);
  });
  await new Promise<void>((resolve) => nrd.listen(0, '127.0.0.1', resolve));
  world = await startScanTestWorld({
    env: {
      MONITOR_TICK_SECONDS: '0',
      CT_STREAM_URL: certstream.url,
      NRD_FEED_URL: `http://127.0.0.1:${(nrd.address() as AddressInfo).port}/nrd/today.txt`,
    },
  });
  await world.app.ready();
  owner = await signedInUser(world.app);
  const created = await world.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: { domain: 'pixelforge.app' },
  });
  monitorUid = created.json().uid;
}, 60_000);

afterAll(async () => {
  await world?.close();
  await certstream?.close();
  await new Promise((resolve) => nrd?.close(resolve));
});

async function lookalikes(): Promise<Lookalike[]> {
  return (await world.app.inject({ method: 'GET', url: `/api/v1/monitors/${monitorUid}/lookalikes/`, headers: owner.headers })).json()
    .results;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('discovery from certificate transparency', () => {
  it('reads names from certificate updates only', () => {
    expect(certificateNames(certificateUpdate(['a.example', 'www.a.example']))).toEqual(['a.example', 'www.a.example']);
    expect(certificateNames('{"message_type":"heartbeat","timestamp":1}')).toEqual([]);
    expect(certificateNames('not json')).toEqual([]);
  });

  it('records certificate names that imitate a watched domain, and reconnects when the stream drops', async () => {
    await until(async () => (certstream.accepted > 0 ? true : undefined), 'the certstream connection');
    certstream.send('{"message_type":"heartbeat","timestamp":1}');
    certstream.publish(['unrelated-garden.org', 'www.unrelated-garden.org']);
    certstream.publish(['pixelforge-login.net', 'www.pixelforge-login.net']);
    const found = await until(async () => (await lookalikes()).find((row) => row.domain === 'pixelforge-login.net'), 'the CT look-alike');
    expect(found).toMatchObject({ fuzzer: 'ct-log', status: 'registered', history: [{ status: 'registered' }] });
    expect((await lookalikes()).map((row) => row.domain)).toEqual(['pixelforge-login.net']);

    certstream.dropClients();
    await until(async () => (certstream.accepted > 1 ? true : undefined), 'the reconnection');
    certstream.publish(['pixelforge.app.verify-session.top']);
    await until(async () => (await lookalikes()).find((row) => row.domain === 'verify-session.top'), 'the look-alike after reconnecting');
  });

  it('backs off exponentially while the stream is down, up to its ceiling', async () => {
    const delays: number[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void delays.push(JSON.parse(line).retryInMs) });
    let attempts = 0;
    const refused = http.createServer();
    refused.on('upgrade', (_request, socket) => {
      attempts++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refused.listen(0, '127.0.0.1', resolve));
    const stream = startCtStream({
      url: `ws://127.0.0.1:${(refused.address() as AddressInfo).port}/`,
      onNames: async () => {},
      log,
      initialDelayMs: 5,
      maxDelayMs: 40,
    });
    await until(async () => (attempts >= 6 ? true : undefined), 'six attempts');
    stream.close();
    await new Promise((resolve) => refused.close(resolve));
    expect(delays.slice(0, 5)).toEqual([5, 10, 20, 40, 40]);
    expect(stream.connections).toBe(0);
  });
});

describe('discovery from newly-registered-domain lists', () => {
  it('parses one name a line, skipping comments and blanks', () => {
    expect(parseNameList(NRD_LIST)).toEqual(['pixelforge-support.com', 'example-bakery.com', 'quiet-meadow.net']);
  });

  it('takes the day’s list once and records the names that imitate a watched domain', async () => {
    await world.app.monitoring.tick();
    const found = (await lookalikes()).find((row) => row.domain === 'pixelforge-support.com');
    expect(found).toMatchObject({ fuzzer: 'nrd-feed', status: 'registered' });
    expect((await lookalikes()).some((row) => row.domain === 'example-bakery.com')).toBe(false);
    await world.app.monitoring.tick();
    expect(nrdRequests).toBe(1);
  });
});
