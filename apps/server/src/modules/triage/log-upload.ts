import type { Readable } from 'node:stream';
import { PassThrough, Transform } from 'node:stream';
import { once } from 'node:events';
import { type ConcreteLogFormat, type FlaggedVisit, type LogFormat, TRIAGE_LOG_MAX_BYTES } from '@riskscan/contracts';
import type { JudgeUrls } from '../lookup/index.ts';
import type { LogReader, ReadOptions } from './log-formats.ts';
import { LOG_INFLATES_TOO_LARGE, type LogLine, logLines } from './log-lines.ts';
import { type HuntKnowledge, openLog, retroHunt } from './retro-hunt.ts';

export const LOG_TOO_LARGE = `The log is larger than ${TRIAGE_LOG_MAX_BYTES / 1024 / 1024 / 1024} GB; split it into parts.`;
/** Wall-clock limit of one hunt; a longer log is split into parts. */
export const HUNT_TIME_LIMIT_MS = 10 * 60 * 1000;

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

export type OpenedLog = { format: ConcreteLogFormat; reader: LogReader; lines: AsyncIterable<LogLine> };

/** Reads the start of an upload and recognises its format; throws UnreadableLogError (or a read error) before any answer is sent. */
export function openUploadedLog(upload: Readable, options: { format: LogFormat } & ReadOptions): Promise<OpenedLog> {
  return openLog(logLines(capped(upload)), options);
}

function failure(error: Error): string {
  if (error.message === LOG_TOO_LARGE || error.message === LOG_INFLATES_TOO_LARGE) return error.message;
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return `The hunt stopped at its time limit of ${HUNT_TIME_LIMIT_MS / 60_000} minutes; split the log into parts.`;
  return 'The log could not be read: it is neither text nor gzip.';
}

/**
 * Runs a retro-hunt over an opened log as it arrives and answers as it goes: one JSON line per
 * flagged visit, then `{"summary": ...}`. A log that breaks half-way (bad gzip, too large, past
 * the time limit) ends with `{"error": ...}`, since the status line has long been sent by then.
 */
export function streamRetroHunt(
  upload: Readable,
  log: OpenedLog,
  options: { judge: JudgeUrls; knowledge?: HuntKnowledge; onEnd?: () => void },
): Readable {
  const output = new PassThrough();
  const write = async (record: object) => {
    if (!output.write(`${JSON.stringify(record)}\n`)) await once(output, 'drain');
  };
  void (async () => {
    try {
      const summary = await retroHunt(log.lines, {
        ...log,
        ...options,
        signal: AbortSignal.timeout(HUNT_TIME_LIMIT_MS),
        onFlagged: (visit: FlaggedVisit) => write(visit),
      });
      await write({ summary });
    } catch (error) {
      upload.resume();
      await write({ error: failure(error as Error) });
    } finally {
      output.end();
      options.onEnd?.();
    }
  })();
  return output;
}
