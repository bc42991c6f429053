import { readFile } from 'node:fs/promises';
import { TRIAGE_LIMITS, triageEmailResponseSchema, type TriageEmailResponse } from '@riskscan/contracts';
import { MSG_FILE_LIMITS } from '@riskscan/scanner';
import { OUTLOOK_FIXTURES_DIR, outlookMessage, type OutlookSpec, phishingOutlookMessage, storedRtf } from '@riskscan/scanner/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { monthlyPlanAllowance } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { forwardedReport, phishingMail } from './testing/fixture-mails.ts';

const fixture = (name: string) => readFile(new URL(name, OUTLOOK_FIXTURES_DIR));

/** A message nested `levels` deep, each level an attachment of the one above. */
function nested(levels: number): OutlookSpec {
  let spec: OutlookSpec = { subject: 'bottom', body: 'https://bottom.example.com/' };
  for (let level = 0; level < levels; level++) spec = { subject: `level ${level}`, attachments: [{ message: spec }] };
  return spec;
}

describe('POST /api/v1/triage/email/ with Outlook messages (.msg)', () => {
  let test: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp({ SCAN_BROWSER: 'false' }, { planAllowance: (db) => monthlyPlanAllowance(db, BUSINESS_PLAN) });
    auth = (await signedInUser(test.app)).headers;
  });
  afterAll(() => test.close());

  const post = (body: Buffer, contentType = 'application/vnd.ms-outlook') =>
    test.app.inject({ method: 'POST', url: '/api/v1/triage/email/', headers: { ...auth, 'content-type': contentType }, payload: body });
  const triage = async (body: Buffer, contentType?: string): Promise<TriageEmailResponse> => {
    const response = await post(body, contentType);
    expect(response.statusCode).toBe(200);
    return triageEmailResponseSchema.parse(response.json());
  };
  const postFile = (body: Buffer, filename: string) => {
    const boundary = '----riskscan-outlook';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/email/',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('reads a real received .msg: transport headers, sender, subject, and the message attached inside it', async () => {
    const result = await triage(await fixture('Attach-sample-eml-received.msg'));
    expect(result.message).toMatchObject({
      from: 'hmailuser@hmailserver.test',
      return_path: 'hmailuser@hmailserver.test',
      subject: 'Attach sample.eml',
      date: '2025-12-04T04:38:16.000Z',
    });
    expect(result.forwarded).toEqual([
      expect.objectContaining({
        index: 1,
        depth: 1,
        parent: 0,
        kind: 'attached',
        from: 'hmail <hmailuser@hmailserver.test>',
        subject: 'sample',
      }),
    ]);
    expect(result.attachments).toEqual([expect.objectContaining({ message: 0, content_type: 'application/vnd.ms-outlook' })]);
  });

  it('finds the links of a real .msg and lists the attachments of another, uploaded as a form file', async () => {
    const links = await triage(await fixture('htmlLink.msg'));
    expect(links.message.subject).toBe('htmlLink');
    expect(links.urls.map((link) => link.url)).toEqual(['https://google.com/']);

    const response = await postFile(await fixture('attachmentFiles.msg'), 'attachmentFiles.msg');
    expect(response.statusCode).toBe(200);
    const files = triageEmailResponseSchema.parse(response.json());
    expect(files.message).toMatchObject({ from: 'hmailuser <hmailuser@hmailserver.test>', subject: 'attachmentFiles' });
    expect(files.attachments.map((file) => [file.filename, file.content_type, file.size])).toEqual([
      ['jpg.jpg', 'image/jpeg', 726],
      ['png.png', 'image/png', 134],
      ['tif.tif', 'image/tiff', 664],
    ]);
  });

  it('rates a phishing .msg Danger on its transport headers, look-alike link and login-form attachment', async () => {
    const result = await triage(phishingOutlookMessage());
    expect(result.message).toMatchObject({
      from: 'Chase Online Banking <service@notice-center.example-mail.net>',
      reply_to: 'chase.support.desk@example-freemail.com',
      subject: 'Action required: your account has been locked',
      authentication: { spf: 'fail', dkim: 'none', dmarc: 'fail' },
    });
    const mismatched = result.urls.find((link) => link.url.startsWith('https://chase-secure.account-verify-center.xyz/'));
    expect(mismatched).toMatchObject({ source: 'html', display_text: 'https://www.chase.com/verify', mismatch: true });
    expect(mismatched!.verdict.risk_score).toBeGreaterThanOrEqual(60);
    const formTarget = result.urls.find((link) => link.url === 'https://statement-viewer.example-docs.top/collect.php');
    expect(formTarget?.verdict.reasons.map((reason) => reason.code)).toContain('attachment_form_target');
    expect(result.attachments).toEqual([expect.objectContaining({ filename: 'Secure_Statement.html', risky_type: 'html-form' })]);
    expect(result.risk_level).toBe('Danger');
  });

  it('judges a .msg attached to an e-mail (Outlook "forward as attachment") as the message inside it', async () => {
    const direct = await triage(phishingOutlookMessage());
    for (const file of [
      { filename: 'Action required.msg', contentType: 'application/vnd.ms-outlook' },
      { filename: 'Action required.msg', contentType: 'application/octet-stream' },
    ]) {
      const report = await triage(await forwardedReport(phishingOutlookMessage(), 'attachment', file), 'message/rfc822');
      expect(report.message.from).toBe('Dana Miller <dana.miller@riskscan.local>');
      expect(report.forwarded).toEqual([
        expect.objectContaining({
          index: 1,
          kind: 'attached',
          from: 'Chase Online Banking <service@notice-center.example-mail.net>',
          risk_score: direct.risk_score,
        }),
      ]);
      expect(report.reasons[0]!.code).toBe('forwarded_message');
      expect(report.risk_level).toBe('Danger');
      expect(report.urls.filter((link) => link.message === 1).map((link) => link.url)).toContain(
        'https://chase-secure.account-verify-center.xyz/login?id=8812',
      );
    }
    // An .eml inside a .msg is read as well.
    const emlInside = outlookMessage({
      subject: 'FW: look',
      attachments: [{ filename: 'suspect.eml', mimeType: 'message/rfc822', content: await phishingMail() }],
    });
    expect((await triage(emlInside)).forwarded[0]).toMatchObject({ from: 'Chase Online Banking <service@notice-center.example-mail.net>' });
  });

  it('reads the link targets of an RTF-only body, and skips an RTF body whose declared size lies', async () => {
    const rtf = '{\\rtf1{\\field{\\*\\fldinst{HYPERLINK "https://rtf-only.example.net/pay"}}{\\fldrslt{Pay}}}}';
    const honest = await triage(outlookMessage({ subject: 'rtf', rtf: storedRtf(rtf) }));
    expect(honest.urls.map((link) => link.url)).toEqual(['https://rtf-only.example.net/pay']);
    const lying = storedRtf(rtf);
    new DataView(lying.buffer).setUint32(0, 0x7ffffff0, true);
    expect((await triage(outlookMessage({ subject: 'rtf', rtf: lying }))).urls).toEqual([]);
  });

  it('bounds a .msg bomb: nesting past the depth limit is named, deeper folders and damaged files answer 400 in words', async () => {
    const deep = await triage(outlookMessage(nested(TRIAGE_LIMITS.depth + 3)));
    expect(deep.forwarded).toHaveLength(TRIAGE_LIMITS.depth);
    expect(deep.limits).toEqual([expect.objectContaining({ name: 'depth', message: expect.stringContaining('depth limit 5') })]);

    const deeper = await post(outlookMessage(nested(40)));
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().detail).toBe(
      `This Outlook message (.msg) nests folders more than ${MSG_FILE_LIMITS.folderDepth} levels deep (nesting limit ${MSG_FILE_LIMITS.folderDepth}).`,
    );

    const huge = outlookMessage({ subject: 'x', attachments: [{ filename: 'a.bin', content: new Uint8Array(10) }] });
    huge.writeUInt32LE(0xfffffff0, huge.indexOf(Buffer.from('__substg1.0_37010102', 'utf16le')) + 0x78);
    const damaged = await post(huge);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().detail).toMatch(/^This Outlook message \(\.msg\) is damaged: the stream .* is declared larger than the file\.$/);

    const truncated = await post(phishingOutlookMessage().subarray(0, 1500));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().detail).toMatch(/^This Outlook message \(\.msg\) is damaged: /);
  });

  it('reads at most the part limit of a .msg with 4,900 attachments (19,600 entries) and names it', async () => {
    const attachments = Array.from({ length: 4900 }, (_, index) => ({
      filename: `f${index}.bin`,
      content: new Uint8Array([index & 0xff]),
    }));
    const started = performance.now();
    const result = await triage(outlookMessage({ subject: 'many', attachments }));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.attachments).toHaveLength(TRIAGE_LIMITS.parts);
    expect(result.limits.map((limit) => limit.name)).toEqual(['parts']);
  });

  it('tells the file by its content, not its name or type', async () => {
    // An .eml named .msg and sent as Outlook's type is read as the e-mail it is.
    const eml = await postFile(await phishingMail(), 'suspect.msg');
    expect(eml.statusCode).toBe(200);
    expect(triageEmailResponseSchema.parse(eml.json()).message.subject).toBe('Action required: your account has been locked');
    const notOutlook = await post(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 1, 2, 3]));
    expect(notOutlook.statusCode).toBe(400);
    expect(notOutlook.json().detail).toBe(
      'This is a binary file, not an e-mail message: upload the raw message (.eml) or the Outlook file (.msg).',
    );
  });
});
