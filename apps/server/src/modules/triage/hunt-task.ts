// The retro-hunt of an uploaded log as it runs in a bounded worker thread (see `log-upload.ts`):
// inflating, line splitting, reading and judging happen here, away from the API's event loop.
import { Readable, Transform } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { type ConcreteLogFormat, type RetroHuntSummary, TRIAGE_LOG_MAX_BYTES } from '@riskscan/contracts';
import {
  batchReputationQueries,
  createVerdictEngine,
  judgeBatch,
  type OpenVerdicts,
  PopularityIndex,
  type PopularitySnapshot,
  type ReputationExcerpt,
  ReputationIndex,
  type ReputationKeys,
  type ReputationQuery,
  type Signal,
} from '@riskscan/scanner';
import { visitQuery, visitReputation } from '../lookup/index.ts';
import { huntKnowledge, type WatchedLookalike } from './hunt-knowledge.ts';
import { type LogQuery, readOptionsOf, type Visit } from './log-formats.ts';
import { logLines } from './log-lines.ts';
import { openLog, retroHunt } from './retro-hunt.ts';

// Flagged-visit lines are sent on at about this many characters.
const SEND_CHARS = 64 * 1024;

export const LOG_TOO_LARGE = `The log is larger than ${TRIAGE_LOG_MAX_BYTES / 1024 / 1024 / 1024} GB; split it into parts.`;

/** What the caller hands the thread: the query, the account's knowledge and how much answer it may send. */
export type HuntJob = LogQuery & {
  /** The account's plan allows external reputation (Safe Browsing, domain age): asked of the caller. */
  external: boolean;
  lookalikes: [string, WatchedLookalike][];
  /** The ranking the caller's engine judges with, when it is not the shipped one. */
  popularity: PopularitySnapshot | null;
  /** Bytes of flagged-visit lines sent at most; past them flagged visits are only counted. */
  answerBytes: number;
  /** Most a gzip upload may inflate to (`MAX_INFLATED_LOG_BYTES`). */
  inflatedBytes: number;
};

/** Caller to thread: the upload, one chunk per `pull`, and answers to the thread's questions. */
export type ToHunt =
  | { chunk: Uint8Array }
  | { end: true }
  | { failed: string }
  | { answer: number; excerpt?: ReputationExcerpt; signals?: [number, Signal[]][] };

/**
 * A question of the thread: the reputation a chunk needs, external signals for open verdicts,
 * or `flush`, answered once the caller has handled every message before it (the answer itself
 * crosses on another channel, which keeps no order with this one).
 */
export type HuntQuestion = { keys: ReputationKeys } | { open: OpenVerdicts } | { flush: true };

/** Thread to caller: wants the next chunk, recognised the format, flagged visits (JSON lines), questions. */
export type FromHunt = { pull: true } | { opened: ConcreteLogFormat } | { lines: string } | ({ ask: number } & HuntQuestion);

/** The upload as the caller sends it: asks for a chunk whenever the reader wants more. */
function uploadFrom(port: MessagePort): Readable {
  return new Readable({
    highWaterMark: 1024 * 1024,
    read() {
      port.postMessage({ pull: true } satisfies FromHunt);
    },
  });
}

/** Passes the upload through, failing it once it grows past the limit. */
function capped(input: Readable): Readable {
  let seen = 0;
  return input.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.byteLength;
        callback(seen > TRIAGE_LOG_MAX_BYTES ? new Error(LOG_TOO_LARGE) : null, chunk);
      },
    }),
  );
}

/** The reputation keys a chunk needs: its visits' (for what we know of them) and its fresh addresses' (for their verdicts). */
function chunkKeys(visits: Visit[], fresh: string[]): ReputationKeys {
  const urlKeys = new Set<string>();
  const hosts = new Set<string>();
  const domains = new Set<string>();
  const add = ({ urlKey, parts }: ReputationQuery) => {
    urlKeys.add(urlKey);
    hosts.add(parts.host);
    if (parts.domain) domains.add(parts.domain);
  };
  for (const visit of visits) add(visitQuery(visit.url, visit.host));
  for (const query of batchReputationQueries(fresh)) add(query);
  return { urlKeys: [...urlKeys], hosts: [...hosts], domains: [...domains], onHost: [...new Set(visits.map((visit) => visit.host))] };
}

/**
 * Hunts through the upload the caller streams over `port`: recognises the format (throwing
 * UnreadableLogError before anything is answered), says `opened`, then sends flagged visits as
 * JSON lines within `answerBytes` and answers the summary. Verdicts come from an engine of its
 * own over the part of the caller's reputation index each chunk needs.
 */
export async function huntUploadedLog(job: HuntJob, port: MessagePort): Promise<RetroHuntSummary> {
  const upload = uploadFrom(port);
  const waiting = new Map<number, (reply: ToHunt) => void>();
  let asked = 0;
  const ask = (question: HuntQuestion) =>
    new Promise<ToHunt>((resolve) => {
      waiting.set(++asked, resolve);
      port.postMessage({ ask: asked, ...question } satisfies FromHunt);
    });
  port.on('message', (message: ToHunt) => {
    if ('chunk' in message) upload.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
    else if ('end' in message) upload.push(null);
    else if ('failed' in message) upload.destroy(new Error(message.failed));
    else {
      waiting.get(message.answer)?.(message);
      waiting.delete(message.answer);
    }
  });

  const lines = logLines(capped(upload), { maxInflatedBytes: job.inflatedBytes });
  const log = await openLog(lines, { format: job.format, ...readOptionsOf(job) });
  port.postMessage({ opened: log.format } satisfies FromHunt);
  try {
    return await hunt(log, job, port, ask);
  } finally {
    // Whatever the end, the caller has everything sent before it reads the answer or error.
    await ask({ flush: true });
  }
}

async function hunt(
  log: Awaited<ReturnType<typeof openLog>>,
  job: HuntJob,
  port: MessagePort,
  ask: (question: HuntQuestion) => Promise<ToHunt>,
): Promise<RetroHuntSummary> {
  const reputation = new ReputationIndex();
  const engine = createVerdictEngine({
    reputation,
    popularity: job.popularity ? PopularityIndex.fromSnapshot(job.popularity) : undefined,
  });
  let answered = 0;
  let full = false;
  let pending = '';
  const send = () => {
    if (pending !== '') port.postMessage({ lines: pending } satisfies FromHunt);
    pending = '';
  };
  const summary = await retroHunt(log.lines, {
    ...log,
    prepare: async (visits, fresh) => {
      const reply = await ask({ keys: chunkKeys(visits, fresh) });
      if ('excerpt' in reply && reply.excerpt) reputation.loadExcerpt(reply.excerpt);
    },
    judge: (urls) =>
      judgeBatch(engine, urls, {
        externalSignals: job.external
          ? async (open) => {
              const reply = await ask({ open });
              return ('signals' in reply && reply.signals) || [];
            }
          : null,
      }),
    knowledge: huntKnowledge((url, host) => visitReputation(reputation, url, host), new Map(job.lookalikes)),
    onFlagged: (visit) => {
      const line = `${JSON.stringify(visit)}\n`;
      const bytes = Buffer.byteLength(line);
      // The answer stops growing at its budget: later flagged visits count in the summary only.
      full ||= answered + bytes > job.answerBytes;
      if (full) return;
      answered += bytes;
      pending += line;
      // Small messages: a large one costs the API's event loop its copy all at once.
      if (pending.length >= SEND_CHARS) send();
    },
    onProgress: send,
  });
  send();
  return summary;
}
