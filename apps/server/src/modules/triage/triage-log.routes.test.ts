import { gzipSync } from 'node:zlib';
import { flaggedVisitSchema, retroHuntSummarySchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { FEED_LISTED_HOST, LOOKALIKE_HOSTS, squidLog } from './testing/proxy-logs.ts';

describe('POST /api/v1/triage/log/', () => {
  let test: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp();
    headers = (await signedInUser(test.app)).headers;
    await test.app.reputation.importFeed({
      source: 'local-cti',
      format: 'plain-list',
      text: `${FEED_LISTED_HOST}\n`,
      threat: 'malware',
      origin: 'test',
    });
  });
  afterAll(() => test.close());

  const upload = (payload: Buffer | string, contentType: string, query = '', auth = headers) =>
    test.app.inject({ method: 'POST', url: `/api/v1/triage/log/${query}`, headers: { ...auth, 'content-type': contentType }, payload });

  const records = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('streams the flagged visits of a gzipped Squid log, then the summary', async () => {
    const badHosts = [...LOOKALIKE_HOSTS, FEED_LISTED_HOST];
    const response = await upload(gzipSync(squidLog(20_000, { badHosts })), 'application/gzip', '?format=squid');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = records(response.body);
    const summary = retroHuntSummarySchema.parse(lines.pop().summary);
    const visits = lines.map((line) => flaggedVisitSchema.parse(line));
    expect(new Set(visits.map((visit) => visit.host))).toEqual(new Set(badHosts));
    expect(summary).toMatchObject({ lines: 20_000, visits: 20_000, flagged_visits: visits.length, flagged_hosts: [...badHosts].sort() });
  });

  it('reads CEF and JSON lines with a field map', async () => {
    const cef = `CEF:0|Zscaler|NSSWeblog|5.0|Allowed|Allowed|3|rt=1763980000000 src=10.0.0.4 requestMethod=GET request=https://paypal-account-verify.xyz/login dhost=paypal-account-verify.xyz
CEF:0|Zscaler|NSSWeblog|5.0|Allowed|Allowed|3|rt=1763980001000 src=10.0.0.4 requestMethod=GET request=https://www.wikipedia.org/ dhost=www.wikipedia.org`;
    const fromCef = records((await upload(cef, 'text/plain', '?format=cef')).body);
    expect(fromCef[0]).toMatchObject({ host: 'paypal-account-verify.xyz', client: '10.0.0.4', method: 'GET' });
    expect(fromCef[1].summary).toMatchObject({ visits: 2, flagged_visits: 1 });

    const jsonl =
      '{"req":{"link":"http://chase-online-update.info/x"},"who":"alice"}\n{"req":{"link":"https://github.com/"},"who":"bob"}\n';
    const fromJson = records((await upload(jsonl, 'application/x-ndjson', '?format=jsonl&fields=url%3Dreq.link,client%3Dwho')).body);
    expect(fromJson[0]).toMatchObject({ host: 'chase-online-update.info', client: 'alice' });
    expect(fromJson[1].summary).toMatchObject({ visits: 2, flagged_visits: 1 });
  });

  it('answers 4xx for bad options and callers without credentials, and ends a broken gzip with an error line', async () => {
    expect((await upload('x', 'text/plain', '?format=w3c')).statusCode).toBe(400);
    const badMap = await upload('{}', 'text/plain', '?format=jsonl&fields=colour%3Dx');
    expect(badMap.statusCode).toBe(400);
    expect(badMap.json()).toEqual({ fields: [expect.stringMatching(/Unknown field map entry/)] });
    expect((await upload('x', 'text/plain', '', {})).statusCode).toBe(401);
    const broken = await upload(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 'application/gzip');
    expect(broken.statusCode).toBe(200);
    expect(records(broken.body).at(-1)).toEqual({ error: 'The log could not be read: it is neither text nor gzip.' });
  });
});
