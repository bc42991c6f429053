import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { recordDownload, sniffMimeType } from './download-recorder.ts';

const source = (bytes: Buffer, declaredType: string | null) => ({
  url: 'https://files.example/setup.exe',
  fileName: 'setup.exe',
  declaredType,
  stream: Readable.from([bytes.subarray(0, 100), bytes.subarray(100)]),
});

/** A stream that reads like Playwright's download stream: in an async `_read`, which here fails as when the browser closes. */
class ClosingBrowserStream extends Readable {
  override async _read(): Promise<void> {
    await Promise.resolve();
    throw new Error('Target page, context or browser has been closed');
  }
}

describe('recordDownload', () => {
  it('rejects, with nothing left unhandled, when the browser closes while the file is read', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const stream = new ClosingBrowserStream();
      await expect(
        recordDownload({ url: 'https://files.example/a.zip', fileName: 'a.zip', declaredType: null, stream }, 1024),
      ).rejects.toThrow(/has been closed/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('hashes and sizes the file and names its type by the server, or by its first bytes', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000, 1)]);
    expect(await recordDownload(source(exe, 'application/octet-stream'), 10_000)).toEqual({
      url: 'https://files.example/setup.exe',
      file_name: 'setup.exe',
      mime_type: 'application/x-msdownload',
      size: 1002,
      sha256: createHash('sha256').update(exe).digest('hex'),
      truncated: false,
    });
    expect((await recordDownload(source(exe, 'application/pdf; charset=binary'), 10_000)).mime_type).toBe('application/pdf');
  });

  it('stops reading at the cap and says the record covers only that part', async () => {
    const big = Buffer.alloc(5000, 7);
    const record = await recordDownload(source(big, null), 1024);
    expect(record).toMatchObject({ size: 1024, truncated: true, sha256: createHash('sha256').update(big.subarray(0, 1024)).digest('hex') });
  });

  it('knows the common archive and executable signatures', () => {
    expect(sniffMimeType(Buffer.from('504b030414', 'hex'))).toBe('application/zip');
    expect(sniffMimeType(Buffer.from('7f454c4602', 'hex'))).toBe('application/x-executable');
    expect(sniffMimeType(Buffer.from('hello'))).toBe('application/octet-stream');
  });
});
