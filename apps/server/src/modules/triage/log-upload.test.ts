import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { ReputationKeys } from '@riskscan/scanner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../plugins/errors.ts';
import { LOG_INFLATES_TOO_LARGE, MAX_LOG_LINE_BYTES } from './log-lines.ts';
import { HUNT_LIMITS, type HuntBounds, type HuntLookup, huntUpload } from './log-upload.ts';
import { huntRefusal } from './triage.routes.ts';
import { LOOKALIKE_HOSTS, squidLog } from './testing/proxy-logs.ts';

/** A lookup service with nothing listed that records what the hunt's thread asked of it. */
function recordingLookup(): HuntLookup & { asked: ReputationKeys[] } {
  const asked: ReputationKeys[] = [];
  return {
    asked,
    external: false,
    popularity: null,
    reputationExcerpt: (keys) => {
      asked.push(keys);
      return { hits: [], onHost: [] };
    },
    externalSignals: async () => [],
  };
}

async function hunt(upload: Readable, bounds: HuntBounds = {}, lookup = recordingLookup(), onOpened = () => {}) {
  let ended = false;
  const output = await huntUpload(upload, { format: 'auto', lookalikes: [] }, lookup, { ...bounds, onEnd: () => (ended = true) });
  onOpened();
  let text = '';
  for await (const chunk of output) text += String(chunk);
  const records = text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { records, last: records.at(-1)!, ended };
}

/** What the route answers for a hunt that broke before its answer began. */
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => huntRefusal(error),
  );

/** An upload that never ends, and the moment the hunt first asks it for data (its deadline is running by then). */
function stalledUpload(): { upload: Readable; asked: Promise<void> } {
  let pulled = () => {};
  const asked = new Promise<void>((resolve) => (pulled = resolve));
  return { upload: new Readable({ read: () => pulled() }), asked };
}

// A thread is started for the first hunt and again after each one a limit ended (a second or
// more on a loaded machine); the deadlines run on a fake clock, moved once the thread is at work.
describe('a proxy-log hunt in its bounded worker thread', { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hunts in the thread, asking this side only for the reputation each chunk needs', async () => {
    const lookup = recordingLookup();
    const { records, last, ended } = await hunt(
      Readable.from([Buffer.from(squidLog(200, { badHosts: LOOKALIKE_HOSTS, badEvery: 20 }))]),
      {},
      lookup,
    );
    expect(last.summary).toMatchObject({ format: 'squid', lines: 200, visits: 200 });
    expect(records.length - 1).toBe((last.summary as { flagged_visits: number }).flagged_visits);
    expect(lookup.asked).toHaveLength(1);
    expect(lookup.asked[0]!.onHost).toEqual(expect.arrayContaining(LOOKALIKE_HOSTS));
    expect(ended).toBe(true);
  });

  it('counts a line over the length cap as unreadable', async () => {
    const long = `1763980000.000 5 10.0.0.1 TCP_MISS/200 100 GET http://example.com/${'a'.repeat(2 * 1024 * 1024)} - DIRECT/1.2.3.4 text/html`;
    const log = `${squidLog(5, { badHosts: [] })}${long}\n${squidLog(5, { badHosts: [] })}`;
    const { last } = await hunt(Readable.from([gzipSync(log)]));
    expect(long.length).toBeGreaterThan(MAX_LOG_LINE_BYTES);
    expect(last.summary).toMatchObject({ lines: 11, visits: 10, unparsed: 1, skipped: { unreadable: 1 } });
  });

  it('answers 413 for a gzip that inflates past its cap, counted as it inflates, and 422 naming the formats for one endless line', async () => {
    // Lines past the length cap, so that the format is still being looked for when the cap is reached.
    const bomb = gzipSync(`${'a'.repeat(MAX_LOG_LINE_BYTES + 1)}\n`.repeat(100));
    const error = await refusal(hunt(Readable.from([bomb]), { inflatedBytes: 4 * 1024 * 1024 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 413, body: { detail: LOG_INFLATES_TOO_LARGE } });

    const oneLine = gzipSync(Buffer.alloc(32 * 1024 * 1024, 'a'));
    const unreadable = await refusal(hunt(Readable.from([oneLine])));
    expect(unreadable).toMatchObject({
      statusCode: 422,
      body: { detail: expect.stringMatching(/^The log could not be read as Squid native/) },
    });
  });

  it('stops listing flagged visits at the answer budget and counts the rest in the summary', async () => {
    const log = squidLog(2_000, { badHosts: LOOKALIKE_HOSTS, badEvery: 2 });
    const { records, last } = await hunt(Readable.from([Buffer.from(log)]), { answerBytes: 4096 });
    const listed = records.slice(0, -1);
    const summary = last.summary as { flagged_visits: number };
    expect(listed.map((record) => JSON.stringify(record).length + 1).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4096);
    expect(listed.length).toBeGreaterThan(0);
    expect(summary.flagged_visits).toBeGreaterThan(listed.length);
  });

  it('ends a thread past its deadline and answers 422 naming the time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The thread waits for its first chunk until the deadline ends it.
    const { upload: stalled, asked } = stalledUpload();
    const refused = refusal(hunt(stalled, { limits: { ...HUNT_LIMITS, timeMs: 2_000 } }));
    await asked;
    vi.advanceTimersByTime(2_000);
    const error = await refused;
    expect(error).toMatchObject({
      statusCode: 422,
      body: { detail: 'The log could not be read: reading it took longer than its time limit of 2 seconds.' },
    });
    stalled.destroy();
  });

  it('ends the answer with an error line naming the limit when the thread breaks it after the answer began', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The status line goes out once the format is recognised; the rest of the upload never comes.
    const { upload: stalled } = stalledUpload();
    stalled.push(squidLog(150, { badHosts: [] }));
    const { last, ended } = await hunt(stalled, { limits: { ...HUNT_LIMITS, timeMs: 20_000 } }, recordingLookup(), () =>
      vi.advanceTimersByTime(20_000),
    );
    expect(last).toEqual({ error: 'The hunt stopped: it took longer than its time limit of 20 seconds; split the log into parts.' });
    expect(ended).toBe(true);
    stalled.destroy();
  });
});
