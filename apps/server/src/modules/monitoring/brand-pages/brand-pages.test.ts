import type { BrandPage, Lookalike } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../../scans/testing/scan-test-world.ts';
import { recordObservation } from '../lookalikes.repository.ts';
import { findMonitor } from '../monitors.repository.ts';
import { NOT_OWN_PAGE } from './brand-pages.service.ts';

let world: ScanTestWorld;
let owner: SignedInUser;
let monitorUid: string;

beforeAll(async () => {
  world = await startScanTestWorld({ env: { MONITOR_TICK_SECONDS: '0' } });
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
});

const api = (path: string) => `/api/v1/monitors/${monitorUid}/${path}`;

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let tries = 0; tries < 1200; tries++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('clones of the brand’s own pages (issue 39)', () => {
  it('accepts only pages of the watched domain', async () => {
    const foreign = await world.app.inject({
      method: 'POST',
      url: api('brand-pages/'),
      headers: owner.headers,
      payload: { url: 'https://pixelfroge.app/' },
    });
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { url: [NOT_OWN_PAGE] }]);
    const stranger = await signedInUser(world.app);
    expect((await world.app.inject({ url: api('brand-pages/'), headers: stranger.headers })).statusCode).toBe(404);
  });

  it('scans a registered page once, then reports the look-alike that copies it as a copy, with its distance', async () => {
    const registered = await world.app.inject({
      method: 'POST',
      url: api('brand-pages/'),
      headers: owner.headers,
      payload: { url: 'https://pixelforge.app/', kind: 'home' },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ url: 'https://pixelforge.app/', kind: 'home', ready: false });
    await until(async () => {
      const [page] = (await world.app.inject({ url: api('brand-pages/'), headers: owner.headers })).json<BrandPage[]>();
      return page?.ready ? page : undefined;
    }, 'the brand page’s fingerprints');

    // A clone planted on a name the permutations do not make: discovery (a certificate) brought it in.
    const monitor = (await findMonitor(world.app.db, monitorUid))!;
    await recordObservation(world.app.db, {
      monitorId: monitor.id,
      domain: 'pixelforge-account.com',
      fuzzer: 'ct-log',
      status: 'registered',
      facts: {},
      source: 'ct-log:test',
      now: new Date(),
    });
    await world.app.inject({ method: 'POST', url: api('run/'), headers: owner.headers });
    const lookalikes = await until(async () => {
      const monitor = (await world.app.inject({ url: api(''), headers: owner.headers })).json();
      if (!monitor.last_run || !['done', 'failed'].includes(monitor.last_run.status)) return undefined;
      return (await world.app.inject({ url: api('lookalikes/'), headers: owner.headers })).json().results as Lookalike[];
    }, 'the monitor run');
    const clone = lookalikes.find((row) => row.domain === 'pixelforge-account.com')!;
    expect(clone.copies).toEqual({
      brand_page: 'https://pixelforge.app/',
      kind: 'home',
      basis: 'structure',
      distance: 0,
      message: 'Copies your home page (structural distance 0/64)',
    });
    expect(clone.similarity.visual).toBe(100);
    expect(clone.status).toBe('suspicious');
    // Look-alikes with pages of their own are no copies (the phishing transposition rebuilt the page: 18 bits apart).
    expect(lookalikes.find((row) => row.domain === 'pixelfroge.app')).toBeDefined();
    for (const row of lookalikes.filter((row) => row.domain !== 'pixelforge-account.com')) expect(row.copies).toBeNull();
  });
});
