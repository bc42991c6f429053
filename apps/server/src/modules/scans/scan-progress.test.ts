import { CANCEL_NOT_OWNER, SCAN_ALREADY_ENDED, SCAN_CANCELLED, type ScanStage } from '@riskscan/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../../../../../packages/scanner/src/net/resolver.ts';
import { findScanByUid, findScanPage } from './scans.repository.ts';
import { bearer, startScanTestWorld, type ScanTestWorld } from './testing/scan-test-world.ts';

/*
 * Issue 37: a scan says which stage it is in while it runs, and whoever asked for it can cancel
 * it. The fixture site's name resolves only when the test lets it, so a scan waits in its
 * fetching stage for as long as the test needs.
 */

const HELD_HOST = 'sunny-garden-blog.com';
let t: ScanTestWorld;
let release: () => void = () => undefined;
let held = Promise.resolve();

function holdResolution() {
  held = new Promise((resolve) => {
    release = resolve;
  });
}

/** The world's resolver, except that the held host answers only once the test releases it. */
function gatedResolver(inner: HostResolver): HostResolver {
  return {
    servers: inner.servers,
    resolve: async (hostname) => {
      if (hostname === HELD_HOST) await held;
      return inner.resolve(hostname);
    },
  };
}

beforeAll(async () => {
  holdResolution();
  t = await startScanTestWorld({
    scanner: (world) => ({
      network: { ...world.scanOptions.network, resolver: gatedResolver(world.scanOptions.network!.resolver as HostResolver) },
    }),
  });
});

afterAll(async () => {
  release();
  await t.close();
});

const queue = (app: FastifyInstance, token: string, url: string) =>
  app.inject({ method: 'POST', url: '/api/v1/scans/', headers: bearer(token), payload: { url, new: true, fastCheck: true } });

async function stageOf(app: FastifyInstance, token: string, uid: string, stage: ScanStage) {
  for (let tries = 0; tries < 200; tries++) {
    const unfinished = (await app.inject({ method: 'GET', url: '/api/v1/scans/unfinished/', headers: bearer(token) })).json();
    const scan = unfinished.find((row: { uid: string }) => row.uid === uid);
    if (scan?.stage === stage) return scan;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`scan ${uid} never reached ${stage}`);
}

describe('a running scan’s stage and its cancel (issue 37)', () => {
  it('shows the stage while it runs; only its owner cancels it, at once, and the worker stores nothing', async () => {
    const owner = await t.signedInUser();
    const other = await t.signedInUser();
    const url = `https://${HELD_HOST}/?progress=1`;
    const queued = await queue(t.app, owner.token, url);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ status: 'queued', stage: 'queued', data: null });
    const { uid } = queued.json();

    // Waiting for the page's address: the fetching stage, in the list and on the scan itself.
    expect(await stageOf(t.app, owner.token, uid, 'fetching')).toMatchObject({ uid, url, status: 'running' });
    const polled = await t.app.inject({ method: 'GET', url: `/api/v1/scans/${uid}/`, headers: bearer(owner.token) });
    expect(polled.json()).toMatchObject({ status: 'running', stage: 'fetching', data: null });
    // Nobody else's list shows it.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/scans/unfinished/', headers: bearer(other.token) });
    expect(theirs.json()).toEqual([]);

    const cancel = (token: string) => t.app.inject({ method: 'POST', url: `/api/v1/scans/${uid}/cancel/`, headers: bearer(token) });
    // A public scan others may see, but not stop.
    const refused = await cancel(other.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CANCEL_NOT_OWNER });

    const cancelled = await cancel(owner.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ uid, status: 'cancelled', stage: null, data: null });
    expect((await findScanByUid(t.testDb.db, uid))?.charged).toBe('refunded');

    // The worker, let go, stops at its next stage: the scan stays cancelled, with no report and no page.
    const ended = t.app.scans.queue.watch(uid);
    release();
    await ended.ended(20_000);
    ended.stop();
    const row = await findScanByUid(t.testDb.db, uid);
    expect(row).toMatchObject({ status: 'cancelled', stage: null, result: null });
    expect(await findScanPage(t.testDb.db, row!.id)).toBeUndefined();
    const again = await cancel(owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: SCAN_ALREADY_ENDED });
    holdResolution();
  });

  it('lets a guest follow and cancel the free scan it asked for; its waiting check-url answers that it was cancelled', async () => {
    const anonymous = 'anon-prog-abcdef';
    const claim = await t.app.inject({ method: 'POST', url: '/api/v1/free-scan/', payload: { uid: anonymous } });
    const token = claim.json().auth_token as string;
    const url = `https://${HELD_HOST}/?progress=guest`;
    const waiting = t.app.inject({
      method: 'GET',
      url: '/api/v1/check-url/',
      query: { url, freescan_uid: anonymous, new: 'true', fastCheck: 'true' },
      headers: bearer(token),
    });
    const scan = await stageOf(t.app, token, await firstUnfinished(token), 'fetching');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/scans/${scan.uid}/cancel/`, headers: bearer(token) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    release();
    const answer = await waiting;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ detail: SCAN_CANCELLED });
    // The free scan was given back.
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/free-scan/', payload: { uid: anonymous } })).json()).toMatchObject({
      used: false,
    });
    holdResolution();
  });

  async function firstUnfinished(token: string): Promise<string> {
    for (let tries = 0; tries < 200; tries++) {
      const [scan] = (await t.app.inject({ method: 'GET', url: '/api/v1/scans/unfinished/', headers: bearer(token) })).json();
      if (scan) return scan.uid;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the guest’s scan never showed');
  }
});
