import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { TRIAGE_LIMITS, triageEmailResponseSchema, type TriageEmailResponse } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { blankPng, forwardedReport, mailWithImage, phishingMail } from './testing/fixture-mails.ts';

const fixture = (name: string) => readFile(new URL(`./testing/mails/${name}`, import.meta.url));

describe('POST /api/v1/triage/email/ with messages inside messages', () => {
  let test: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp({ SCAN_BROWSER: 'false' }, fixedPlan(BUSINESS_PLAN));
    auth = (await signedInUser(test.app)).headers;
  });
  afterAll(() => test.close());

  const triage = async (body: Buffer | string): Promise<TriageEmailResponse> => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/email/',
      headers: { ...auth, 'content-type': 'message/rfc822' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return triageEmailResponseSchema.parse(response.json());
  };

  it('rates a phishing report forwarded as an attachment or inline as the message inside it', async () => {
    const suspect = await phishingMail();
    const direct = await triage(suspect);
    for (const disposition of ['attachment', 'inline'] as const) {
      const report = await triage(await forwardedReport(suspect, disposition));
      expect(report.message.from).toBe('Dana Miller <dana.miller@riskscan.local>');
      expect(report.forwarded).toHaveLength(1);
      expect(report.forwarded[0]).toMatchObject({
        index: 1,
        depth: 1,
        parent: 0,
        kind: 'attached',
        from: 'Chase Online Banking <service@notice-center.example-mail.net>',
        authentication: { spf: 'fail', dkim: 'none', dmarc: 'fail' },
        risk_score: direct.risk_score,
      });
      expect(report.risk_score).toBe(direct.risk_score);
      expect(report.risk_level).toBe('Danger');
      expect(report.reasons[0]!.code).toBe('forwarded_message');
      const inner = report.urls.filter((link) => link.message === 1);
      expect(inner.map((link) => [link.url, link.source, link.verdict.risk_score]).sort()).toEqual(
        direct.urls.map((link) => [link.url, link.source, link.verdict.risk_score]).sort(),
      );
      expect(report.attachments.filter((file) => file.message === 1).map((file) => file.filename)).toEqual([
        'qr.png',
        'Secure_Statement.html',
      ]);
      expect(report.limits).toEqual([]);
    }
  });

  it('reads the returned message of a real bounce and the reported message of a real abuse report', async () => {
    const bounce = await triage(await fixture('bounce.eml'));
    expect(bounce.message.from).toContain('MAILER-DAEMON@messagingengine.com');
    expect(bounce.forwarded).toEqual([
      expect.objectContaining({ kind: 'bounce', from: 'Andris Reinman <andrisreinman@fastmail.com>', subject: 'Proovikiri' }),
    ]);

    const arf = await triage(await fixture('arf.eml'));
    // (The quoted message's headers end early, at a blank line the reporter left after Received.)
    expect(arf.forwarded).toEqual([expect.objectContaining({ kind: 'feedback-report', from: 'somespammer@example.net' })]);
    // The report names the spammer's page in its Reported-Uri field.
    expect(arf.urls.map((link) => link.url)).toContain('http://example.net/earn_money.html');
  });

  it('rates real, honest messages below Risky: a Google Calendar invitation (its Meet dial-in link too) and a delivery bounce', async () => {
    const calendar = await triage(await fixture('calendar-event.eml'));
    expect(calendar.urls.map((link) => new URL(link.url).hostname)).toContain('tel.meet');
    for (const link of calendar.urls) expect([link.url, link.verdict.risk_score < 60]).toEqual([link.url, true]);
    expect(calendar.risk_score).toBeLessThan(60);
    expect((await triage(await fixture('bounce.eml'))).risk_score).toBeLessThan(60);
  });

  it('hashes attachments as sent: a base64 calendar file keeps its CRLF lines, a 7-bit text file gets no added newline', async () => {
    const calendar = await triage(await fixture('calendar-event.eml'));
    const ics = calendar.attachments.find((file) => file.filename === 'invite.ics');
    // The reference: Python's email package, `part.get_payload(decode=True)`.
    expect(ics).toMatchObject({ size: 2052, sha256: '9afe754f00fe48851a4120f81f9cb4d19f40e4b6c3d30c408c2e21c42d66b92f' });

    const note = 'line one\r\nline two';
    const boundary = 'b1';
    const message = [
      'From: a@example.com',
      'Subject: notes',
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'see the file',
      `--${boundary}`,
      'Content-Type: text/plain; name="notes.txt"',
      'Content-Disposition: attachment; filename="notes.txt"',
      'Content-Transfer-Encoding: 7bit',
      '',
      note,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const text = await triage(message);
    expect(text.attachments).toEqual([
      expect.objectContaining({ filename: 'notes.txt', size: note.length, sha256: createHash('sha256').update(note).digest('hex') }),
    ]);
  });

  it('stops at the depth limit on 20,000 nested messages, names it, and keeps answering other requests', async () => {
    const nested = `${'Content-Type: message/rfc822\r\n\r\n'.repeat(20_000)}From: deep@example.com\r\nSubject: bottom\r\n\r\nhttps://bottom.example.com/\r\n`;
    const body = `From: top@example.com\r\nSubject: nest\r\n${nested}`;
    const order: string[] = [];
    const bomb = test.app
      .inject({ method: 'POST', url: '/api/v1/triage/email/', headers: { ...auth, 'content-type': 'message/rfc822' }, payload: body })
      .then((response) => {
        order.push('bomb');
        return response;
      });
    const health = test.app.inject({ method: 'GET', url: '/api/v1/health-check/' }).then((response) => {
      order.push('health');
      return response;
    });
    const [bombResponse, healthResponse] = await Promise.all([bomb, health]);
    expect(healthResponse.statusCode).toBe(200);
    expect(order[0]).toBe('health');
    expect(bombResponse.statusCode).toBe(200);
    const result = triageEmailResponseSchema.parse(bombResponse.json());
    expect(result.forwarded).toHaveLength(TRIAGE_LIMITS.depth);
    expect(result.forwarded.at(-1)!.depth).toBe(TRIAGE_LIMITS.depth);
    expect(result.limits).toEqual([
      expect.objectContaining({ name: 'depth', limit: 5, message: expect.stringContaining('depth limit 5') }),
    ]);
  });

  it('stops at the part limit on a message of 20,000 parts and names it', async () => {
    const parts = Array.from(
      { length: 20_000 },
      (_, index) => `--p\r\nContent-Type: application/octet-stream; name="f${index}.bin"\r\n\r\nx`,
    );
    const body = `From: a@example.com\r\nSubject: parts\r\nContent-Type: multipart/mixed; boundary=p\r\n\r\n${parts.join('\r\n')}\r\n--p--\r\n`;
    const result = await triage(body);
    expect(result.attachments.length).toBeLessThanOrEqual(TRIAGE_LIMITS.parts);
    expect(result.limits.map((limit) => limit.name)).toContain('parts');
  });

  it('reads link text made of a long run of "aa." in linear time', async () => {
    const run = 'aa.'.repeat(32_000);
    const body = `From: a@example.com\r\nSubject: run\r\nContent-Type: text/html\r\n\r\n<a href="https://example.org/x">${run}!</a> ${run}! hxxp://${run}!`;
    const result = await triage(body);
    expect(result.urls.map((link) => link.url)).toContain('https://example.org/x');
  });

  it('refuses a 12000 x 12000 PNG before decoding it and names the pixel limit', async () => {
    const png = blankPng(12_000, 12_000);
    expect(png.byteLength).toBeLessThan(200 * 1024);
    const result = await triage(await mailWithImage(png));
    expect(result.attachments).toEqual([expect.objectContaining({ filename: 'scan.png', size: png.byteLength })]);
    expect(result.limits).toEqual([expect.objectContaining({ name: 'pixels', message: expect.stringContaining('12000 x 12000 pixels') })]);
  });

  it('answers a JSON body with 4xx, never 500', async () => {
    for (const payload of ['{"raw": "From: a@example.com"}', '"From: a@example.com"', '[1,2]', '{bad json']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/triage/email/',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});
