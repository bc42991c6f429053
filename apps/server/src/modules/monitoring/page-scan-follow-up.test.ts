import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { startScanTestWorld, type ScanTestWorld } from '../scans/testing/scan-test-world.ts';
import { claimRun, endNamePass, findMonitor, openRun } from './monitors.repository.ts';
import { awaitPageScan, countPageScans } from './page-scans.repository.ts';

let world: ScanTestWorld;
let owner: SignedInUser;

beforeAll(async () => {
  world = await startScanTestWorld({ env: { MONITOR_TICK_SECONDS: '0' } });
  owner = await signedInUser(world.app);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const runRow = (uid: string) =>
  world.app.db.selectFrom('monitor_runs').select(['status', 'attempts']).where('uid', '=', uid).executeTakeFirstOrThrow();

describe('a monitor run waiting for its page scans', () => {
  it('is left alone while its scans may still end, then ends with the page of a lost scan tried again next run', async () => {
    const created = await world.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'quiet-meadow.net', alert_mode: 'daily' },
    });
    const monitor = (await findMonitor(world.app.db, created.json().uid))!;
    const db = world.app.db;
    // A run whose name pass is over: it asked for a scan of one page, and that scan was lost on the way.
    const { run } = await openRun(db, monitor.id, 'run-awaiting-pages', 'schedule');
    const inAMinute = new Date(Date.now() + 60_000);
    await claimRun(db, run.uid, new Date(), inAMinute);
    await endNamePass(db, run.id, new Date(), inAMinute);
    await awaitPageScan(db, {
      scan_uid: 'a-scan-that-was-lost',
      run_id: run.id,
      domain: 'quiet-meadw.net',
      fuzzer: 'omission',
      dns: { a: ['203.0.113.9'], aaaa: [], mx: [], ns: [] },
      content_hash: 'hash-of-the-page',
      similarity_html: null,
    });

    // Within the longest a scan can take, a beat neither restarts the run nor ends it.
    await world.app.monitoring.tick();
    expect(await runRow(run.uid)).toEqual({ status: 'running', attempts: 1 });
    expect(await countPageScans(db, run.id)).toBe(1);

    // Past it, the beat records the page as seen without a verdict and ends the run, once.
    await db
      .updateTable('monitor_runs')
      .set({ locked_until: new Date(Date.now() - 1_000) })
      .where('id', '=', run.id)
      .execute();
    await world.app.monitoring.tick();
    await world.app.monitoring.tick();
    expect(await runRow(run.uid)).toEqual({ status: 'done', attempts: 1 });
    expect(await countPageScans(db, run.id)).toBe(0);
    const lookalike = await db
      .selectFrom('lookalikes')
      .select(['domain', 'status', 'content_hash', 'scan_uid'])
      .where('monitor_id', '=', monitor.id)
      .executeTakeFirstOrThrow();
    // No content hash is kept: the next run fetches the page and scans it again.
    expect(lookalike).toEqual({ domain: 'quiet-meadw.net', status: 'registered', content_hash: null, scan_uid: null });
  }, 60_000);
});
