import { gzipSync } from 'node:zlib';
import { flaggedVisitSchema, retroHuntSummarySchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../accounts/testing/account-factory.ts';
import { FEED_LISTED_HOST, LOOKALIKE_HOSTS, squidLog, TRAFFIC_FORMATS, traffic } from './testing/proxy-logs.ts';

// The first hunt starts the thread and builds its verdict indexes (seconds on a loaded machine);
// the later ones find it warm (decision 486).
describe('POST /api/v1/triage/log/', { timeout: 120_000 }, () => {
  let test: TestApp;
  let headers: Record<string, string>;
  let userId: number;
  beforeAll(async () => {
    test = await createTestApp();
    const user = await signedInUser(test.app);
    headers = user.headers;
    userId = user.id;
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
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ detail: 'The log could not be read: it is neither text nor gzip.' });
  });

  it('reads the shapes it once refused: Blue Coat over syslog, a Squid custom logformat, Zeek JSON lines without a host', async () => {
    const blueCoat = [
      '<134>Nov 24 10:26:40 proxysg 2025-11-24 10:26:40 467 10.20.1.10 200 TCP_NC_MISS 3811 412 GET http paypal-account-verify.xyz 80 /login - alice - 198.51.100.20 text/html - "Mozilla/5.0 (Windows NT 10.0)" OBSERVED "Technology/Internet" - 192.0.2.10',
      '<134>Nov 24 10:26:41 proxysg 2025-11-24 10:26:41 12 10.20.1.12 200 TCP_TUNNELED 5120 830 CONNECT tcp github.com 443 / - - - 203.0.113.10 - - "Mozilla/5.0" OBSERVED "Technology/Internet" - 192.0.2.10',
    ].join('\n');
    const fromBlueCoat = records((await upload(blueCoat, 'text/plain')).body);
    expect(fromBlueCoat[0]).toMatchObject({ host: 'paypal-account-verify.xyz', client: '10.20.1.10', sources: ['url-verdict'] });
    expect(fromBlueCoat.at(-1).summary).toMatchObject({ format: 'elff', visits: 2, flagged_visits: 1 });

    const template = encodeURIComponent('%tl %>a %{Host}>h "%rm %>rp" %>Hs %<st');
    const custom = [
      '24/Nov/2025:10:26:40 +0000 10.20.1.11 chase-online-update.info "GET /verify?u=1" 200 512',
      '24/Nov/2025:10:26:41 +0000 10.20.1.11 - "GET /favicon.ico" 404 0',
      '24/Nov/2025:10:26:42 +0000 10.20.1.11 docs.python.org "GET /3/" 200 9000',
    ].join('\n');
    const fromTemplate = records((await upload(custom, 'text/plain', `?template=${template}`)).body);
    expect(fromTemplate[0]).toMatchObject({ url: 'http://chase-online-update.info/verify?u=1', host: 'chase-online-update.info' });
    expect(fromTemplate.at(-1).summary).toMatchObject({
      format: 'template',
      visits: 2,
      skipped: { no_host: 1, unreadable: 0 },
      unparsed: 0,
    });
    const notThisTemplate = await upload(
      TRAFFIC_FORMATS.zeek(traffic(10, { badHosts: ['a.example.com'] })),
      'text/plain',
      `?template=${template}`,
    );
    expect(notThisTemplate.statusCode).toBe(422);
    expect(notThisTemplate.json().detail).toBe('The log could not be read as the template given: nothing was hunted.');

    const zeekJson = [
      '{"ts":1763980000.1,"uid":"C1","id.orig_h":"10.20.1.10","id.orig_p":51234,"id.resp_h":"198.51.100.20","id.resp_p":80,"trans_depth":1,"method":"GET","uri":"/gate.php","status_code":200}',
      '{"ts":1763980001.1,"uid":"C2","id.orig_h":"10.20.1.10","id.orig_p":51235,"id.resp_h":"198.51.100.21","id.resp_p":80,"trans_depth":1,"method":"GET","host":"chase-online-update.info","uri":"/x","status_code":200}',
    ].join('\n');
    const fromZeek = records((await upload(zeekJson, 'application/x-ndjson')).body);
    expect(fromZeek.at(-1).summary).toMatchObject({ format: 'jsonl', visits: 1, unparsed: 0, skipped: { no_host: 1, unreadable: 0 } });
  });

  it('answers 400 for a template without a URL, one beside another format, and the template format without one', async () => {
    const noUrl = await upload('x', 'text/plain', `?template=${encodeURIComponent('%ts %>a')}`);
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json()).toEqual({ fields: [expect.stringMatching(/says nowhere where the URL or the host is/)] });
    const beside = await upload('x', 'text/plain', `?format=squid&template=${encodeURIComponent('%ru')}`);
    expect(beside.json()).toEqual({ fields: ['A template reads the log by itself: leave "format" out or set it to template, not squid.'] });
    const missing = await upload('x', 'text/plain', '?format=template');
    expect(missing.json()).toEqual({ fields: ['Give the log\'s template in "template" to read it as a template.'] });
  });

  it('answers 422 naming the formats it tried for a log nothing can read, never "0 flagged"', async () => {
    const noise = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + (i >> 8)) % 256));
    for (const body of [noise, 'Dear team,\nplease find the report attached.\nRegards\n']) {
      const response = await upload(body, 'application/octet-stream');
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/could not be read as Squid native, .*Zeek http\.log.*Blue Coat.*Zscaler NSS.*CEF/);
    }
    const squidAsked = await upload(TRAFFIC_FORMATS.zeek(traffic(10, { badHosts: ['a.example.com'] })), 'text/plain', '?format=squid');
    expect(squidAsked.statusCode).toBe(422);
    expect(squidAsked.json().detail).toBe('The log could not be read as Squid native: nothing was hunted.');
  });

  it('flags the same hosts in Zeek, Blue Coat, Zscaler, combined, CEF and ECS logs of the same traffic as in the Squid log', async () => {
    const badHosts = [...LOOKALIKE_HOSTS, FEED_LISTED_HOST];
    const visits = traffic(2_000, { badHosts });
    const fromSquid = records((await upload(TRAFFIC_FORMATS.squid(visits), 'text/plain')).body);
    const squidSummary = retroHuntSummarySchema.parse(fromSquid.pop().summary);
    expect(squidSummary).toMatchObject({ format: 'squid', visits: 2_000, flagged_hosts: [...badHosts].sort() });
    for (const [name, write] of Object.entries(TRAFFIC_FORMATS)) {
      const body = write(visits);
      const response = await upload(name === 'elff' ? gzipSync(body) : body, name === 'elff' ? 'application/gzip' : 'text/plain');
      expect([name, response.statusCode]).toEqual([name, 200]);
      const lines = records(response.body);
      const summary = retroHuntSummarySchema.parse(lines.pop().summary);
      expect([name, summary.visits, summary.flagged_hosts, summary.flagged_visits]).toEqual([
        name,
        2_000,
        squidSummary.flagged_hosts,
        squidSummary.flagged_visits,
      ]);
      const feedVisit = lines.map((line) => flaggedVisitSchema.parse(line)).find((visit) => visit.host === FEED_LISTED_HOST);
      expect(feedVisit?.sources).toContain('reputation');
    }
  });

  it('counts the lines it skipped and why', async () => {
    const log = [
      '#Software: SGOS 7.3.1.1',
      '#Fields: date time c-ip cs-method cs-uri-scheme cs-host cs-uri-port cs-uri-path cs-uri-query',
      '2025-11-24 10:26:40 10.0.0.1 GET http paypal-account-verify.xyz 80 /login -',
      '',
      'this line was cut in the mid',
      '2025-11-24 10:26:41 10.0.0.2 GET http github.com 80 / -',
    ].join('\n');
    const lines = records((await upload(log, 'text/plain')).body);
    expect(lines.at(-1).summary).toMatchObject({
      format: 'elff',
      lines: 6,
      visits: 2,
      unparsed: 1,
      skipped: { header: 2, blank: 1, unreadable: 1, no_host: 0 },
      flagged_hosts: ['paypal-account-verify.xyz'],
    });
  });

  it('flags a host a full scan rated Danger minutes earlier, also where the proxy saw only the host (HTTPS)', async () => {
    await test.app.reputation.publish('https://quiet-invoice-portal.example.com/auth/start', {
      threat: 'phishing',
      evidence: ['page'],
      confidence: 70,
    });
    const log = [
      '1763980000.100 120 10.0.0.5 TCP_TUNNEL/200 0 CONNECT quiet-invoice-portal.example.com:443 - HIER_DIRECT/198.51.100.9 -',
      '1763980001.100 120 10.0.0.5 TCP_MISS/200 512 GET http://quiet-invoice-portal.example.com/auth/start - HIER_DIRECT/198.51.100.9 text/html',
      '1763980002.100 120 10.0.0.6 TCP_MISS/200 512 GET http://github.com/ - HIER_DIRECT/198.51.100.9 text/html',
    ].join('\n');
    const lines = records((await upload(log, 'text/plain')).body);
    const visits = lines.slice(0, -1).map((line) => flaggedVisitSchema.parse(line));
    expect(visits.map((visit) => [visit.method, visit.host, visit.sources])).toEqual([
      ['CONNECT', 'quiet-invoice-portal.example.com', ['full-scan']],
      // The visit's full URL is judged too, and the URL verdict flags the path on its own.
      ['GET', 'quiet-invoice-portal.example.com', ['url-verdict', 'full-scan']],
    ]);
    expect(visits[1]!.risk_level).toBe('Danger');
    expect(visits[0]!.reasons[0]!.message).toMatch(/full riskscan scan/);
  });

  it("flags visits to look-alikes of the account's watched domains, found by domain monitoring, and names the source", async () => {
    const monitor = await test.app.db
      .insertInto('monitors')
      .values({
        uid: 'm-triage-hunt',
        user_id: userId,
        domain: 'northwind-traders.com',
        keywords: '[]',
        alert_email: null,
        webhook_url: null,
        webhook_secret: 'x',
        alert_mode: 'live',
        next_run_at: new Date('2030-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await test.app.db
      .insertInto('lookalikes')
      .values({ monitor_id: monitor.id, domain: 'northwlnd-traders.com', fuzzer: 'homoglyph', status: 'live', dns: '{}' })
      .execute();
    const log = [
      '1763980000.100 120 10.0.0.5 TCP_TUNNEL/200 0 CONNECT portal.northwlnd-traders.com:443 - HIER_DIRECT/198.51.100.9 -',
      '1763980001.100 120 10.0.0.6 TCP_MISS/200 512 GET http://northwind-traders.com/ - HIER_DIRECT/198.51.100.9 text/html',
    ].join('\n');
    const lines = records((await upload(log, 'text/plain')).body);
    const visits = lines.slice(0, -1).map((line) => flaggedVisitSchema.parse(line));
    expect(visits.map((visit) => [visit.host, visit.sources])).toEqual([['portal.northwlnd-traders.com', ['monitoring']]]);
    expect(visits[0]!.reasons[0]!.message).toBe(
      'northwlnd-traders.com is a look-alike of northwind-traders.com, which this account watches (status live).',
    );
    // Another account's hunt does not see this account's monitoring.
    const other = (await signedInUser(test.app)).headers;
    const theirs = records((await upload(log, 'text/plain', '', other)).body);
    expect(theirs.at(-1).summary.flagged_visits).toBe(0);
  });
});
