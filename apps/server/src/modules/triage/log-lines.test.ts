import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LOG_INFLATES_TOO_LARGE, logLines, type LogLine, OVERLONG_LINE } from './log-lines.ts';

async function collect(lines: AsyncIterable<LogLine>): Promise<LogLine[]> {
  const all: LogLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

/** `count` chunks of `size` bytes of one character: a line that never ends. */
function* endlessLine(count: number, size: number): Generator<Buffer> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, 0x61);
}

describe('logLines', () => {
  it('splits on LF and CRLF across chunks and keeps a last line without a newline', async () => {
    const input = Readable.from([Buffer.from('first\r\nsec'), Buffer.from('ond\n\nthi'), Buffer.from('rd')]);
    expect(await collect(logLines(input))).toEqual(['first', 'second', '', 'third']);
  });

  it('reads a gzip upload inflated', async () => {
    expect(await collect(logLines(Readable.from([gzipSync('one\ntwo\n')])))).toEqual(['one', 'two']);
  });

  it('answers a line past the cap as overlong without holding it, and goes on with the next line', async () => {
    const input = Readable.from(
      (function* () {
        yield Buffer.from('before\n');
        yield* endlessLine(200, 64 * 1024); // 12.5 MB of one line
        yield Buffer.from('\nafter\n');
      })(),
    );
    expect(await collect(logLines(input, { maxLineBytes: 1024 * 1024 }))).toEqual(['before', OVERLONG_LINE, 'after']);
  });

  it('answers an overlong last line with no newline at all as overlong', async () => {
    const input = Readable.from(endlessLine(40, 64 * 1024));
    expect(await collect(logLines(input, { maxLineBytes: 1024 * 1024 }))).toEqual([OVERLONG_LINE]);
  });

  it('fails a gzip upload once it inflates past the cap, as it inflates', async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x61));
    await expect(collect(logLines(Readable.from([bomb]), { maxInflatedBytes: 4 * 1024 * 1024 }))).rejects.toThrow(LOG_INFLATES_TOO_LARGE);
  });
});
