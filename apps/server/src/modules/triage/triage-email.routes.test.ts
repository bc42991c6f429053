import { randomBytes } from 'node:crypto';
import { triageEmailResponseSchema, type TriageEmailResponse } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';
import { bankNewsletter, phishingMail } from './testing/fixture-mails.ts';
import { spoofedBankMail } from './testing/spoofed-bank-mail.ts';

describe('POST /api/v1/triage/email/', () => {
  let test: TestApp;
  let bearer: Record<string, string>;
  let apiKey: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp({ SCAN_BROWSER: 'false' }, fixedPlan(BUSINESS_PLAN));
    bearer = (await signedInUser(test.app)).headers;
    const created = await test.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: bearer, payload: { name: 'mail gateway' } });
    apiKey = { authorization: `Api-Key ${created.json().key}` };
  });
  afterAll(() => test.close());

  const postRaw = (body: Buffer, headers: Record<string, string>, query = '') =>
    test.app.inject({
      method: 'POST',
      url: `/api/v1/triage/email/${query}`,
      headers: { ...headers, 'content-type': 'message/rfc822' },
      payload: body,
    });

  const postFile = (body: Buffer, filename: string, headers: Record<string, string>) => {
    const boundary = '----riskscan-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: message/rfc822\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/email/',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('finds every link of a phishing mail with its source, flags the look-alike text, and rates the message Danger', async () => {
    const response = await postRaw(await phishingMail(), apiKey);
    expect(response.statusCode).toBe(200);
    const triage: TriageEmailResponse = triageEmailResponseSchema.parse(response.json());
    const find = (host: string, source: string) =>
      triage.urls.find((link) => new URL(link.url).hostname === host && link.source === source);

    expect(triage.message).toMatchObject({
      from: 'Chase Online Banking <service@notice-center.example-mail.net>',
      reply_to: 'chase.support.desk@example-freemail.com',
      subject: 'Action required: your account has been locked',
      date: '2026-11-20T08:15:00.000Z',
      authentication: { spf: 'fail', dkim: 'none', dmarc: 'fail' },
    });
    const mismatched = find('chase-secure.account-verify-center.xyz', 'html');
    expect(mismatched).toMatchObject({ display_text: 'https://www.chase.com/verify', mismatch: true });
    const defanged = find('secure-login.account-verify-center.xyz', 'text');
    expect(defanged?.url).toBe('https://secure-login.account-verify-center.xyz/chase/session');
    const qr = find('mobile-verify.example-pay.click', 'qr');
    expect(qr?.url).toBe('https://mobile-verify.example-pay.click/qr/8812');
    const formTarget = find('statement-viewer.example-docs.top', 'attachment');
    expect(formTarget?.verdict.reasons.map((reason) => reason.code)).toContain('attachment_form_target');

    for (const link of [mismatched, defanged, qr, formTarget]) expect(link!.verdict.risk_score).toBeGreaterThanOrEqual(60);
    // Showing the bank's own address over a link to another domain is decisive (issue 35).
    expect(mismatched!.verdict.risk_level).toBe('Danger');
    const realSite = triage.urls.filter((link) => new URL(link.url).hostname === 'www.chase.com');
    expect(realSite.length).toBeGreaterThan(0);
    for (const link of realSite) expect(link.verdict.risk_score).toBeLessThan(40);
    expect(triage.urls.filter((link) => link.mismatch)).toHaveLength(1);

    expect(triage.attachments).toEqual([
      expect.objectContaining({ filename: 'qr.png', content_type: 'image/png', risky_type: null }),
      expect.objectContaining({
        filename: 'Secure_Statement.html',
        content_type: 'text/html',
        risky_type: 'html-form',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(triage.risk_score).toBeGreaterThanOrEqual(80);
    expect(triage.risk_level).toBe('Danger');
    expect(triage.reasons.map((reason) => reason.code)).toEqual(
      expect.arrayContaining([
        'dmarc_fail',
        'spf_fail',
        'sender_brand_mismatch',
        'reply_to_elsewhere',
        'link_text_mismatch',
        'attachment_html_form',
      ]),
    );
  });

  it('judges a spoofed small bank the same way: its own site stays low, the rest of the links and the message do not', async () => {
    const triage = triageEmailResponseSchema.parse((await postRaw(await spoofedBankMail(), apiKey)).json());
    const byUrl = new Map(triage.urls.map((link) => [link.url, link]));
    expect(byUrl.get('https://www.rivermouthsavings.com/')?.verdict.risk_score).toBeLessThan(40);
    expect(byUrl.get('https://rivermouth-card-check.example-cloudhost.net/confirm')).toMatchObject({ source: 'text' });
    expect(byUrl.get('http://verify-account.example-cloudhost.net/rb/auth')).toMatchObject({ source: 'qr' });
    expect(byUrl.get('http://collect.example-cloudhost.net/p.php')).toMatchObject({ source: 'attachment' });
    for (const link of triage.urls.filter((entry) => !entry.url.includes('rivermouthsavings.com')))
      expect(link.verdict.risk_score).toBeGreaterThanOrEqual(60);
    expect(triage.attachments[0]).toMatchObject({ filename: 'SecureMessage.htm', risky_type: 'html-form' });
    expect(triage.risk_score).toBeGreaterThanOrEqual(80);
  });

  it('also takes the raw message as text/plain or application/octet-stream', async () => {
    for (const type of ['text/plain', 'application/octet-stream']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/v1/triage/email/',
        headers: { ...apiKey, 'content-type': type },
        payload: await phishingMail(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().risk_score).toBeGreaterThanOrEqual(80);
    }
    const junk = await test.app.inject({
      method: 'POST',
      url: '/api/v1/triage/email/',
      headers: { ...apiKey, 'content-type': 'application/octet-stream' },
      payload: randomBytes(4096),
    });
    expect(junk.statusCode).toBe(400);
  });

  it('keeps a bank newsletter uploaded as an .eml file low', async () => {
    const response = await postFile(await bankNewsletter(), 'newsletter.eml', bearer);
    expect(response.statusCode).toBe(200);
    const triage = triageEmailResponseSchema.parse(response.json());
    expect(triage.urls.length).toBeGreaterThanOrEqual(3);
    expect(triage.urls.every((link) => !link.mismatch && link.verdict.risk_score < 20)).toBe(true);
    expect(triage.risk_score).toBeLessThan(20);
    expect(triage.message.authentication).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass' });
  });

  it("judges gateway-wrapped links as where they lead, cloud storage pages by their path, and leaves mailing lists and a council's webmail redirect alone", async () => {
    const html = `<p>Your statement is ready.</p>
<a href="https://protect-eu.mimecast.com/s/AbCdEfGhIjKlMn?domain=paypal-account-verify.xyz">Open</a>
<a href="https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fchase-online-update.info%2flogin&amp;c=E,1,abc">Sign in</a>
<a href="https://storage.googleapis.com/invoice-9921/secure/office365-login.html#victim@corp.example">Invoice</a>
<a href="https://storage.googleapis.com/">Storage</a>
<a href="https://webmail.camden.gov.uk/owa/redir.aspx?C=abc&amp;URL=https%3a%2f%2fwww.camden.gov.uk%2fcouncil-tax">Council tax</a>
<a href="https://lists.ox.ac.uk/mailman/listinfo/alumni-news">Unsubscribe</a>
<a href="https://lists.debian.org/debian-user/2025/11/msg00001.html">Archive</a>`;
    const mail = Buffer.from(
      `From: Alumni Office <alumni@example-university.ac.uk>\r\nTo: reader@example.org\r\nSubject: News\r\nDate: Fri, 20 Nov 2026 08:15:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${html}\r\n`,
    );
    const triage = triageEmailResponseSchema.parse((await postRaw(mail, apiKey)).json());
    const score = (url: string) => triage.urls.find((link) => link.url === url)?.verdict.risk_score;
    expect(score('https://paypal-account-verify.xyz/')).toBeGreaterThanOrEqual(60);
    expect(score('https://chase-online-update.info/login')).toBeGreaterThanOrEqual(60);
    expect(score('https://storage.googleapis.com/invoice-9921/secure/office365-login.html#victim@corp.example')).toBeGreaterThanOrEqual(60);
    expect(score('https://storage.googleapis.com/')).toBeLessThan(40);
    for (const honest of [
      'https://www.camden.gov.uk/council-tax',
      'https://lists.ox.ac.uk/mailman/listinfo/alumni-news',
      'https://lists.debian.org/debian-user/2025/11/msg00001.html',
    ])
      expect([honest, (score(honest) ?? 100) < 60]).toEqual([honest, true]);
    // The wrappers themselves are not judged in place of where they lead.
    expect(triage.urls.some((link) => /mimecast|cudasvc|redir\.aspx/.test(link.url))).toBe(false);
  });

  it('answers 400 with a clear message for binary junk, empty uploads and text without headers', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
    for (const [body, detail] of [
      [randomBytes(8192), /binary file/],
      [png, /binary file/],
      [Buffer.from('just some words\nand more words\n'), /not an e-mail message/],
    ] as const) {
      const response = await postRaw(body, apiKey);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(detail);
    }
    const junkFile = await postFile(randomBytes(2048), 'junk.eml', apiKey);
    expect(junkFile.statusCode).toBe(400);
    const empty = await postRaw(Buffer.alloc(0), apiKey);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('detail');
  });

  it('refuses messages over 10 MB and callers without credentials', async () => {
    const huge = Buffer.concat([Buffer.from('From: a@example.com\r\nSubject: big\r\n\r\n'), Buffer.alloc(10 * 1024 * 1024 + 1, 0x61)]);
    expect((await postRaw(huge, apiKey)).statusCode).toBe(413);
    expect((await postFile(huge, 'big.eml', apiKey)).statusCode).toBe(413);
    expect((await postRaw(await bankNewsletter(), {})).statusCode).toBe(401);
  });

  it('with scan=true queues private full scans of the riskiest links and answers their uids', async () => {
    const response = await postRaw(await phishingMail(), bearer, '?scan=true');
    expect(response.statusCode).toBe(200);
    const { scans, urls } = triageEmailResponseSchema.parse(response.json());
    expect(scans?.length).toBeGreaterThan(0);
    const riskiest = Math.max(...urls.map((link) => link.verdict.risk_score));
    expect(urls.find((link) => link.url === scans![0]!.url)?.verdict.risk_score).toBe(riskiest);
    for (const { uid, url } of scans!) {
      const row = await test.app.db.selectFrom('scans').select(['url', 'is_private']).where('uid', '=', uid).executeTakeFirstOrThrow();
      expect(row).toEqual({ url, is_private: true });
    }
  });
});
