import { PassThrough, type Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { RetroHuntSummary } from '@riskscan/contracts';
import {
  boundedTask,
  type OpenVerdicts,
  type PopularitySnapshot,
  type ReputationExcerpt,
  type ReputationKeys,
  runBounded,
  type Signal,
  WorkFailedError,
  WorkLimitError,
  type WorkLimits,
} from '@riskscan/scanner';
import type { FromHunt, HuntJob, ToHunt } from './hunt-task.ts';
import { LOG_TOO_LARGE } from './hunt-task.ts';
import { LOG_INFLATES_TOO_LARGE, MAX_INFLATED_LOG_BYTES } from './log-lines.ts';

export { LOG_TOO_LARGE };
/** Wall-clock limit of one hunt; a longer log is split into parts. */
const HUNT_TIME_LIMIT_MS = 10 * 60 * 1000;
/**
 * What one hunt's thread may use: its heap (the engine's indexes, a chunk of 20,000 visits, the
 * bounded verdict cache), the time limit, and the summary's size (its host list is capped).
 */
export const HUNT_LIMITS: WorkLimits = { memoryMb: 512, timeMs: HUNT_TIME_LIMIT_MS, outputBytes: 1024 * 1024 };
/** Flagged-visit lines one answer holds at most; past them flagged visits count in the summary only. */
export const HUNT_ANSWER_MAX_BYTES = 16 * 1024 * 1024;

export const UNREADABLE = 'The log could not be read: it is neither text nor gzip.';

/** What a hunt asks of the API's lookup service: small look-ups, one batch per chunk of the log. */
export type HuntLookup = {
  /** The account's plan allows external reputation (Safe Browsing, domain age). */
  external: boolean;
  popularity: PopularitySnapshot | null;
  reputationExcerpt(keys: ReputationKeys): ReputationExcerpt;
  externalSignals(open: OpenVerdicts): Promise<[number, Signal[]][]>;
};

export type HuntRequest = Omit<HuntJob, 'external' | 'popularity' | 'answerBytes' | 'inflatedBytes'>;

/** The bounds of one hunt: the thread's limits, the answer's budget and how far a gzip may inflate. */
export type HuntBounds = { limits?: WorkLimits; answerBytes?: number; inflatedBytes?: number };

// A thread that has hunted holds the verdict engine's indexes (about 160 MB of heap, built in
// 2 CPU-seconds), kept for the next hunt; a log of 30,000 distinct hosts leaves about 290 MB,
// and such a thread is ended.
const huntTask = boundedTask<HuntJob, RetroHuntSummary>(new URL('./hunt-task.ts', import.meta.url), 'huntUploadedLog', {
  keepHeapMb: 224,
});

/** The `{error}` line of a hunt that broke half-way, once its status line has long been sent. */
function failure(error: unknown): string {
  if (error instanceof WorkLimitError) return `The hunt stopped: it ${error.message}; split the log into parts.`;
  if (error instanceof WorkFailedError && (error.message === LOG_TOO_LARGE || error.message === LOG_INFLATES_TOO_LARGE))
    return error.message;
  return UNREADABLE;
}

/**
 * Relays the upload to the thread a chunk at a time as it asks (so neither side holds more than
 * a chunk or two), answers its look-ups, and passes its JSON lines on. Answers a function that
 * stops relaying and lets the rest of the upload drain.
 */
function relay(port: MessagePort, upload: Readable, lookup: HuntLookup, events: { opened(): void; lines(text: string): void }) {
  const send = (message: ToHunt) => port.postMessage(message);
  let wanted = false;
  let failed: string | null = null;
  const give = () => {
    wanted = false;
    if (failed !== null) return send({ failed });
    const chunk = upload.read() as Buffer | null;
    if (chunk !== null) return send({ chunk });
    if (upload.readableEnded) return send({ end: true });
    wanted = true;
  };
  const onReadable = () => wanted && give();
  const onEnd = () => wanted && give();
  const onError = (error: Error) => {
    failed ??= error.message;
    if (wanted) give();
  };
  // A client that goes away mid-upload must not leave the thread waiting for its deadline.
  const onClose = () => upload.readableEnded || onError(new Error('The upload was cut off.'));
  upload.on('readable', onReadable).on('end', onEnd).on('error', onError).on('close', onClose);
  port.on('message', (message: FromHunt) => {
    if ('pull' in message) give();
    else if ('opened' in message) events.opened();
    else if ('lines' in message) events.lines(message.lines);
    else if ('keys' in message) send({ answer: message.ask, excerpt: lookup.reputationExcerpt(message.keys) });
    else if ('open' in message)
      // An unreachable external service never fails a lookup; neither does it fail a hunt.
      void lookup.externalSignals(message.open).then(
        (signals) => send({ answer: message.ask, signals }),
        () => send({ answer: message.ask, signals: [] }),
      );
    else send({ answer: message.ask });
  });
  return () => {
    upload.off('readable', onReadable).off('end', onEnd).off('error', onError).off('close', onClose);
    upload.resume();
  };
}

/**
 * Runs a retro-hunt over an upload in a bounded worker thread (`hunt-task.ts`), never on this
 * event loop. Resolves once the log's format is recognised with the answer as it comes: one JSON
 * line per flagged visit (within `HUNT_ANSWER_MAX_BYTES`), then `{"summary": ...}`. Rejects with
 * the thread's error when it breaks before that (a `WorkLimitError`, or a `WorkFailedError` naming
 * the formats tried or the size cap: the route answers 413 or 422); breaking later, it ends with `{"error": ...}`, since the status line has been sent.
 * `onEnd` is called once the thread is done, however it ended.
 */
export function huntUpload(
  upload: Readable,
  request: HuntRequest,
  lookup: HuntLookup,
  {
    limits = HUNT_LIMITS,
    answerBytes = HUNT_ANSWER_MAX_BYTES,
    inflatedBytes = MAX_INFLATED_LOG_BYTES,
    onEnd,
  }: HuntBounds & { onEnd?: () => void } = {},
): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const output = new PassThrough();
    let opened = false;
    let stop = () => {};
    const job: HuntJob = { ...request, external: lookup.external, popularity: lookup.popularity, answerBytes, inflatedBytes };
    const converse = (port: MessagePort) => {
      stop = relay(port, upload, lookup, {
        opened: () => {
          opened = true;
          resolve(output);
        },
        lines: (text) => output.write(text),
      });
    };
    runBounded(huntTask, job, limits, { converse })
      .then(
        (summary) => output.end(`${JSON.stringify({ summary })}\n`),
        (error: unknown) => {
          if (opened) output.end(`${JSON.stringify({ error: failure(error) })}\n`);
          else reject(error);
        },
      )
      .finally(() => {
        stop();
        onEnd?.();
      });
  });
}
