import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAP, detectLogFormat, logReader, parseJsonLine } from './log-formats.ts';
import { LogTemplateError, parseLogTemplate } from './log-template.ts';
import { withoutSyslogHeader } from './syslog-envelope.ts';
import { TRAFFIC_FORMATS, traffic } from './testing/proxy-logs.ts';

const SQUID_LINE =
  '1763980000.137    120 10.20.1.10 TCP_MISS/200 4512 GET http://paypal-account-verify.xyz/login?next=%2F - HIER_DIRECT/198.51.100.20 text/html';

/** The log shapes issue 41 found refused: syslog-wrapped lines, Blue Coat without a header, custom Squid formats, Zeek lines with no host. */
describe('log shapes as proxies forward them', () => {
  it('reads past RFC 3164, RFC 5424, rsyslog and bare-priority syslog headers, and leaves plain lines alone', () => {
    for (const line of [
      `Nov 24 10:26:40 proxy1 squid[1234]: ${SQUID_LINE}`,
      `<134>Nov  4 10:26:40 proxy1 squid: ${SQUID_LINE}`,
      `<134>1 2025-11-24T10:26:40.137Z proxy1 squid 1234 - - ${SQUID_LINE}`,
      `<134>1 2025-11-24T10:26:40.137Z proxy1 squid 1234 ID47 [meta sequenceId="7" note="a \\] b"] ${SQUID_LINE}`,
      `2025-11-24T10:26:40.137+01:00 proxy1 squid[1234]: ${SQUID_LINE}`,
      `<134>${SQUID_LINE}`,
    ])
      expect(withoutSyslogHeader(line)).toBe(SQUID_LINE);
    for (const line of [
      SQUID_LINE,
      '2025-11-24 10:26:40 10.0.0.1 GET http github.com 80 / -',
      '10.0.0.7 - bob [24/Nov/2025:11:26:40 +0100] "GET http://shop.example.com/a HTTP/1.1" 200 512 "-" "-"',
      '{"ts":1763980000.1,"uri":"/"}',
    ])
      expect(withoutSyslogHeader(line)).toBe(line);
  });

  it('recognises every format forwarded over syslog, and reads the same visits as from the file', () => {
    const visits = traffic(40, { badHosts: ['evil.example.net'] });
    for (const [name, write] of Object.entries(TRAFFIC_FORMATS)) {
      const plain = write(visits).split('\n');
      const wrapped = plain.map((line, i) => `<134>Nov 24 10:26:${String(i % 60).padStart(2, '0')} proxy1 weblog[77]: ${line}`);
      const format = detectLogFormat(wrapped);
      expect([name, format]).toEqual([name, detectLogFormat(plain)]);
      const reader = logReader(format!);
      const hosts = wrapped.map((line) => reader.read(line)).flatMap((outcome) => (typeof outcome === 'string' ? [] : [outcome.host]));
      expect([name, hosts]).toEqual([name, visits.map((visit) => visit.host)]);
    }
  });

  it("reads Blue Coat lines sent over syslog without a #Fields header, in ProxySG's main and bcreportermain_v1 formats", () => {
    const main =
      '<134>Nov 24 10:26:40 proxysg 2025-11-24 10:26:40 467 10.20.1.10 200 TCP_NC_MISS 3811 412 GET http paypal-account-verify.xyz 80 /login ?next=%2Faccount alice "CN=Staff,OU=Groups" 198.51.100.20 text/html;%20charset=utf-8 http://www.bing.com/ "Mozilla/5.0 (Windows NT 10.0; Win64; x64)" OBSERVED "Technology/Internet" - 192.0.2.10';
    const tunnel =
      '<134>Nov 24 10:26:41 proxysg 2025-11-24 10:26:41 12 10.20.1.12 200 TCP_TUNNELED 5120 830 CONNECT tcp login.example.net 443 / - - - 203.0.113.10 - - "Mozilla/5.0" OBSERVED "Technology/Internet" - 192.0.2.10';
    const reporter =
      '<134>Nov 24 10:26:42 proxysg 2025-11-24 10:26:42 12 10.20.1.11 bob - - OBSERVED "Technology/Internet" - 200 TCP_HIT GET text/html http chase-online-update.info 80 /verify - - "Mozilla/5.0" 192.0.2.10 2048 300 -';
    expect(detectLogFormat([main, tunnel, reporter])).toBe('elff');
    const reader = logReader('elff');
    expect(reader.read(main)).toEqual({
      time: '2025-11-24T10:26:40.000Z',
      client: '10.20.1.10',
      method: 'GET',
      url: 'http://paypal-account-verify.xyz/login?next=%2Faccount',
      host: 'paypal-account-verify.xyz',
    });
    expect(reader.read(tunnel)).toMatchObject({ method: 'CONNECT', url: 'https://login.example.net/', host: 'login.example.net' });
    expect(reader.read(reporter)).toMatchObject({ client: '10.20.1.11', url: 'http://chase-online-update.info/verify' });
    // A line of another length, or whose method field holds no HTTP method, is no ProxySG format.
    expect(reader.read('2025-11-24 10:26:40 467 10.20.1.10 GET http a.example 80 / -')).toBe('unreadable');
  });

  it('counts Zeek JSON lines without a Host header as "no host", and reads the ones with it', () => {
    const withoutHost =
      '{"ts":1763980000.137,"uid":"CHhAvVGS1DHFjwGM9","id.orig_h":"10.20.1.10","id.orig_p":51234,"id.resp_h":"198.51.100.20","id.resp_p":80,"trans_depth":1,"method":"GET","uri":"/gate.php?id=7","version":"1.0","user_agent":"Mozilla/4.0","request_body_len":0,"response_body_len":512,"status_code":200,"status_msg":"OK","tags":[],"resp_fuids":["FkY5Qd3LmqpYbbNm9k"],"resp_mime_types":["text/html"]}';
    const withHost = withoutHost.replace('"uri"', '"host":"chase-online-update.info","uri"');
    expect(detectLogFormat([withoutHost, withoutHost, withHost])).toBe('jsonl');
    expect(parseJsonLine(withoutHost, DEFAULT_FIELD_MAP)).toBe('no_host');
    expect(parseJsonLine(withHost, DEFAULT_FIELD_MAP)).toEqual({
      time: '2025-11-24T10:26:40.137Z',
      client: '10.20.1.10',
      method: 'GET',
      url: 'http://chase-online-update.info/gate.php?id=7',
      host: 'chase-online-update.info',
    });
  });
});

describe('log templates (Squid logformat)', () => {
  const read = (template: string, line: string) => logReader('template', { template: parseLogTemplate(template) }).read(line);

  it("reads Squid's own default format given as a template, as the native reader does", () => {
    expect(read('%ts.%03tu %6tr %>a %Ss/%03>Hs %<st %rm %ru %[un %Sh/%<a %mt', SQUID_LINE)).toEqual({
      time: '2025-11-24T10:26:40.137Z',
      client: '10.20.1.10',
      method: 'GET',
      url: 'http://paypal-account-verify.xyz/login?next=%2F',
      host: 'paypal-account-verify.xyz',
    });
  });

  it("reads Squid's combined format with quoted headers, and a custom format with the Host header and the path", () => {
    expect(
      read(
        '%>a %[ui %[un [%tl] "%rm %ru HTTP/%rv" %>Hs %<st "%{Referer}>h" "%{User-Agent}>h" %Ss:%Sh',
        '10.20.1.10 - alice [24/Nov/2025:11:26:40 +0100] "POST http://chase-online-update.info/verify HTTP/1.1" 200 512 "http://mail.example/" "Mozilla/5.0 (X11; Linux x86_64)" TCP_MISS:HIER_DIRECT',
      ),
    ).toEqual({
      time: '2025-11-24T10:26:40.000Z',
      client: '10.20.1.10',
      method: 'POST',
      url: 'http://chase-online-update.info/verify',
      host: 'chase-online-update.info',
    });
    const custom = '%tl %>a %{Host}>h "%rm %>rp" %>Hs %<st "%{User-Agent}>h" %Ss';
    expect(
      read(custom, '24/Nov/2025:10:26:40 +0000 10.20.1.11 paypal-account-verify.xyz "GET /login?x=1" 200 512 "Mozilla/5.0 (X11)" TCP_MISS'),
    ).toEqual({
      time: '2025-11-24T10:26:40.000Z',
      client: '10.20.1.11',
      method: 'GET',
      url: 'http://paypal-account-verify.xyz/login?x=1',
      host: 'paypal-account-verify.xyz',
    });
    expect(read(custom, '24/Nov/2025:10:26:40 +0000 10.20.1.11 - "GET /login" 200 512 "-" TCP_MISS')).toBe('no_host');
    expect(read(custom, 'a line of some other log')).toBe('unreadable');
    // Syslog-wrapped lines read with a template too.
    expect(
      read('%ts.%03tu %6tr %>a %Ss/%03>Hs %<st %rm %ru %[un %Sh/%<a %mt', `<134>Nov 24 10:26:40 proxy1 squid: ${SQUID_LINE}`),
    ).toMatchObject({ host: 'paypal-account-verify.xyz' });
  });

  it('refuses a template that says nowhere where the URL or host is', () => {
    expect(() => parseLogTemplate('%ts %>a %Ss/%03>Hs')).toThrow(LogTemplateError);
    expect(() => parseLogTemplate('%ts %>a %Ss/%03>Hs')).toThrow(/use %ru, or %rp with %>rd or %\{Host\}>h/);
  });
});
