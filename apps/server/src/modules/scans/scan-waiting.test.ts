import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessJobs, defineJob, type Jobs } from '../../jobs/index.ts';
import { NotFoundError } from '../../domain-errors.ts';
import { readCounter } from '../../testing/read-counter.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { SCAN_JOB, type ScanJobPayload, type ScanQueue, scanQueueOn } from './scan-queue.ts';
import { waitForScan } from './scan-waiting.ts';
import { findScanByUid, insertScan, markScanFailed } from './scans.repository.ts';

let testDb: TestDatabase;
let jobs: Jobs;
let queue: ScanQueue;
/** How long the stand-in scan job takes; `Infinity` never ends. */
let scanMs = 300;

const counter = readCounter();

beforeAll(async () => {
  testDb = await createTestDatabase();
  jobs = createInProcessJobs(pino({ level: 'silent' }));
  // A stand-in for the scan runner: the row reaches `failed` for good after `scanMs`.
  const scanJob = defineJob<ScanJobPayload>(
    SCAN_JOB,
    async ({ scanUid }) => {
      await new Promise((resolve) => setTimeout(resolve, Number.isFinite(scanMs) ? scanMs : 2 ** 30));
      const row = await findScanByUid(testDb.db, scanUid);
      await markScanFailed(testDb.db, row!.id, 'the page did not answer');
    },
    { attempts: 1, backoff: { type: 'fixed', delayMs: 0 }, timeoutMs: 2 ** 30 },
  );
  queue = scanQueueOn(jobs, scanJob);
}, 60_000);

afterAll(async () => {
  await testDb?.drop();
});

async function queuedScan(): Promise<string> {
  const scan = await insertScan(testDb.db, {
    uid: crypto.randomUUID(),
    userId: null,
    url: 'https://example.org/',
    visibility: 'private',
    onBoard: false,
    options: {} as Parameters<typeof insertScan>[1]['options'],
  });
  return scan.uid;
}

describe('waiting for a scan', () => {
  it('wakes when the scan job ends: one read before, one after, no polling', async () => {
    scanMs = 300;
    const uid = await queuedScan();
    await queue.enqueue(uid);
    counter.reads = 0;
    const started = Date.now();
    const scan = await waitForScan({ db: testDb.db.withPlugin(counter.plugin), queue }, uid, 60_000);
    expect(scan.status).toBe('failed');
    expect(counter.reads).toBe(2);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reads a finished scan once and returns', async () => {
    const uid = await queuedScan();
    const row = await findScanByUid(testDb.db, uid);
    await markScanFailed(testDb.db, row!.id, 'done before anyone waited');
    counter.reads = 0;
    expect((await waitForScan({ db: testDb.db.withPlugin(counter.plugin), queue }, uid, 60_000)).status).toBe('failed');
    expect(counter.reads).toBe(1);
  });

  it('answers with the row as it stands when the time runs out', async () => {
    scanMs = Infinity;
    const uid = await queuedScan();
    await queue.enqueue(uid);
    counter.reads = 0;
    const started = Date.now();
    const scan = await waitForScan({ db: testDb.db.withPlugin(counter.plugin), queue }, uid, 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(scan.status).toBe('queued');
    expect(counter.reads).toBe(2);
  });

  it('is not found when the row is deleted while it waits (its account was deleted)', async () => {
    scanMs = Infinity;
    const uid = await queuedScan();
    await queue.enqueue(uid);
    const waiting = waitForScan({ db: testDb.db, queue }, uid, 300);
    await testDb.db.deleteFrom('scans').where('uid', '=', uid).execute();
    await expect(waiting).rejects.toBeInstanceOf(NotFoundError);
  });
});
