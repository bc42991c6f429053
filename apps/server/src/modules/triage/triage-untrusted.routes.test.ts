import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { triageEmailResponseSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** 16 x 16 pixels declared, 64 MB of image data behind them. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(16, 0);
  header.writeUInt32BE(16, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const data = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', data), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('POST /api/v1/triage/email/ with hostile uploads', () => {
  let test: TestApp;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp({ SCAN_BROWSER: 'false' }, fixedPlan(BUSINESS_PLAN));
    bearer = (await signedInUser(test.app)).headers;
  }, 180_000);
  afterAll(() => test.close());

  const post = (payload: Buffer, contentType: string) =>
    test.app.inject({ method: 'POST', url: '/api/v1/triage/email/', headers: { ...bearer, 'content-type': contentType }, payload });

  it('answers 400, not 500, for a multipart body without a boundary or cut off before its end', async () => {
    const noBoundary = await post(
      Buffer.from('--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--\r\n'),
      'multipart/form-data',
    );
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().detail).toMatch(/^The form could not be read/);
    const truncated = await post(
      Buffer.from(
        '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.eml"\r\nContent-Type: message/rfc822\r\n\r\nFrom: a@b.c\r\nSub',
      ),
      'multipart/form-data; boundary=cut',
    );
    expect(truncated.statusCode).toBe(400);
  });

  it('decodes a Subject of 100,000 encoded words', async () => {
    const subject = Array.from({ length: 100_000 }, () => '=?utf-8?B?YWJj?=').join('\r\n ');
    const mail = `From: Bank <alerts@bank.example>\r\nSubject: ${subject}\r\nDate: Mon, 1 Jan 2024 00:00:00 +0000\r\n\r\nHello\r\n`;
    const response = await post(Buffer.from(mail), 'message/rfc822');
    expect(response.statusCode).toBe(200);
    const body = triageEmailResponseSchema.parse(response.json());
    expect(body.message.subject).toBe('abc'.repeat(100_000));
  });

  it('lists a PNG whose data inflates far past its size as an attachment and names the limit instead of decoding it', async () => {
    const image = pngBomb().toString('base64').replace(/.{76}/g, '$&\r\n');
    const mail = [
      'From: Bank <alerts@bank.example>',
      'Subject: Scan the code',
      'Date: Mon, 1 Jan 2024 00:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See the picture.',
      '--b',
      'Content-Type: image/png; name=code.png',
      'Content-Transfer-Encoding: base64',
      '',
      image,
      '--b--',
      '',
    ].join('\r\n');
    const response = await post(Buffer.from(mail), 'message/rfc822');
    expect(response.statusCode).toBe(200);
    const body = triageEmailResponseSchema.parse(response.json());
    expect(body.attachments).toEqual([expect.objectContaining({ filename: 'code.png', content_type: 'image/png' })]);
    expect(body.limits).toEqual([
      expect.objectContaining({ name: 'pixels', message: expect.stringMatching(/inflates past the pixels it declares/) }),
    ]);
  });

  it('reads a gzip log of one endless line without holding it: the line is unreadable, the log refused with 422', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/log/',
      headers: { ...bearer, 'content-type': 'application/gzip' },
      payload: gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x61)),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toMatch(/could not be read as/);
  });

  it('counts an overlong line among readable ones as unreadable and hunts the rest', async () => {
    const line = '1700000000.000    120 10.0.0.5 TCP_MISS/200 512 GET http://intranet.example/ - DIRECT/10.0.0.9 text/html';
    const log = [line, line, 'x'.repeat(200 * 1024), line].join('\n');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/log/',
      headers: { ...bearer, 'content-type': 'text/plain' },
      payload: log,
    });
    expect(response.statusCode).toBe(200);
    const records = response.body
      .trim()
      .split('\n')
      .map((record) => JSON.parse(record));
    expect(records.at(-1).summary).toMatchObject({ format: 'squid', lines: 4, visits: 3, skipped: { unreadable: 1 } });
  });
});
