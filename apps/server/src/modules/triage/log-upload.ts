import type { Readable } from 'node:stream';
import { PassThrough, Transform } from 'node:stream';
import { once } from 'node:events';
import { type FlaggedVisit, type LogFormat, TRIAGE_LOG_MAX_BYTES } from '@riskscan/contracts';
import type { JudgeUrls } from '../lookup/index.ts';
import type { FieldMap } from './log-formats.ts';
import { logLines, retroHunt } from './retro-hunt.ts';

export const LOG_TOO_LARGE = `The log is larger than ${TRIAGE_LOG_MAX_BYTES / 1024 / 1024 / 1024} GB; split it into parts.`;

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

/**
 * Runs a retro-hunt over an uploaded log as it arrives and answers as it goes: one JSON line per
 * flagged visit, then `{"summary": ...}`. A log that breaks half-way (bad gzip, too large) ends
 * with `{"error": ...}`, since the status line has long been sent by then.
 */
export function streamRetroHunt(upload: Readable, options: { format: LogFormat; fields: FieldMap; judge: JudgeUrls }): Readable {
  const output = new PassThrough();
  const write = async (record: object) => {
    if (!output.write(`${JSON.stringify(record)}\n`)) await once(output, 'drain');
  };
  void (async () => {
    try {
      const summary = await retroHunt(logLines(capped(upload)), {
        ...options,
        onFlagged: (visit: FlaggedVisit) => write(visit),
      });
      await write({ summary });
    } catch (error) {
      upload.resume();
      await write({
        error: (error as Error).message === LOG_TOO_LARGE ? LOG_TOO_LARGE : 'The log could not be read: it is neither text nor gzip.',
      });
    } finally {
      output.end();
    }
  })();
  return output;
}
