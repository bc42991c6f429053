import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { TRIAGE_LOG_MAX_BYTES } from '@riskscan/contracts';

/** Longest line read; a longer one is counted unreadable and never held whole. */
export const MAX_LOG_LINE_BYTES = 64 * 1024;
/** Most a gzip upload may inflate to, counted as it inflates. */
export const MAX_INFLATED_LOG_BYTES = 4 * TRIAGE_LOG_MAX_BYTES;
export const LOG_INFLATES_TOO_LARGE = `The log inflates to more than ${MAX_INFLATED_LOG_BYTES / 1024 ** 3} GB; split it into parts.`;

/** Stands for a line past `MAX_LOG_LINE_BYTES`: the hunt counts it unreadable. */
export const OVERLONG_LINE: unique symbol = Symbol('overlong log line');
export type LogLine = string | typeof OVERLONG_LINE;

const LF = 0x0a;

/** Bytes of the upload, inflated when it starts with gzip's magic bytes, failing past `MAX_INFLATED_LOG_BYTES`. */
async function* plainBytes(input: Readable, maxInflatedBytes: number): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = Buffer.from(first.value as Buffer);
  const upload = (async function* () {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
  })();
  if (!(head[0] === 0x1f && head[1] === 0x8b)) {
    yield* upload;
    return;
  }
  const gunzip = createGunzip();
  const feeding = (async () => {
    for await (const chunk of upload) if (!gunzip.write(chunk)) await once(gunzip, 'drain');
    gunzip.end();
  })().catch((error: Error) => gunzip.destroy(error));
  let inflated = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      inflated += chunk.byteLength;
      if (inflated > maxInflatedBytes) throw new Error(LOG_INFLATES_TOO_LARGE);
      yield chunk;
    }
  } finally {
    gunzip.destroy();
    await feeding;
  }
}

/**
 * The lines of a log stream (gunzipped when it is gzip), split on LF with a trailing CR dropped.
 * Memory stays within one line of `MAX_LOG_LINE_BYTES` however the upload is shaped: a longer
 * line is skipped as it arrives and answered as `OVERLONG_LINE`.
 */
export async function* logLines(
  input: Readable,
  { maxLineBytes = MAX_LOG_LINE_BYTES, maxInflatedBytes = MAX_INFLATED_LOG_BYTES } = {},
): AsyncGenerator<LogLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  const line = (tail: Buffer): LogLine => {
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    const wasOverlong = overlong || bytes.byteLength > maxLineBytes;
    pending = [];
    pendingBytes = 0;
    overlong = false;
    if (wasOverlong) return OVERLONG_LINE;
    const end = bytes.byteLength > 0 && bytes[bytes.byteLength - 1] === 0x0d ? bytes.byteLength - 1 : bytes.byteLength;
    return bytes.toString('utf8', 0, end);
  };
  for await (const chunk of plainBytes(input, maxInflatedBytes)) {
    let start = 0;
    for (let newline = chunk.indexOf(LF); newline !== -1; newline = chunk.indexOf(LF, start)) {
      yield line(chunk.subarray(start, newline));
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (overlong || pendingBytes + rest.byteLength > maxLineBytes) {
      overlong = true;
      pending = [];
      pendingBytes = 0;
    } else if (rest.byteLength > 0) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.byteLength;
    }
  }
  if (overlong || pendingBytes > 0) yield line(Buffer.alloc(0));
}
