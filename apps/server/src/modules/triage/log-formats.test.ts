import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIELD_MAP,
  detectLogFormat,
  logReader,
  parseCefLine,
  parseCombinedLine,
  parseFieldMap,
  parseJsonLine,
  parseSquidLine,
} from './log-formats.ts';
import { TRAFFIC_FORMATS, traffic } from './testing/proxy-logs.ts';

describe('proxy log formats', () => {
  it('reads Squid native lines, CONNECT tunnels included, and refuses other layouts', () => {
    expect(
      parseSquidLine(
        '1763980000.137    120 10.20.1.10 TCP_MISS/200 4512 GET http://user@Shop.Example.com:8080/a?b=1 - HIER_DIRECT/198.51.100.20 text/html',
      ),
    ).toEqual({
      time: '2025-11-24T10:26:40.137Z',
      client: '10.20.1.10',
      method: 'GET',
      url: 'http://user@Shop.Example.com:8080/a?b=1',
      host: 'shop.example.com',
    });
    expect(parseSquidLine('1763980000.1 5 10.0.0.1 TCP_TUNNEL/200 0 CONNECT login.example.net:443 - HIER_DIRECT/1.2.3.4 -')).toMatchObject({
      host: 'login.example.net',
    });
    expect(parseSquidLine('garbage')).toBe('unreadable');
    expect(parseSquidLine('1763980000.1 0 10.0.0.1 NONE_NONE/000 0 - error:transaction-end-before-headers - HIER_NONE/- -')).toBe(
      'no_host',
    );
    expect(parseSquidLine('10.0.0.1 - - [24/Nov/2025:10:26:40 +0000] "GET http://a.example/ HTTP/1.1" 200 5 "-" "x"')).toBe('unreadable');
  });

  it('reads the combined format with its client, time and method, with and without a virtual host', () => {
    expect(
      parseCombinedLine(
        '10.0.0.7 - bob [24/Nov/2025:11:26:40 +0100] "GET http://shop.example.com/a?b=1 HTTP/1.1" 200 512 "-" "Mozilla/5.0"',
      ),
    ).toEqual({
      time: '2025-11-24T10:26:40.000Z',
      client: '10.0.0.7',
      method: 'GET',
      url: 'http://shop.example.com/a?b=1',
      host: 'shop.example.com',
    });
    expect(
      parseCombinedLine('www.shop.example:443 10.0.0.8 - - [24/Nov/2025:10:26:40 +0000] "POST /login HTTP/2.0" 302 0 "-" "curl/8"'),
    ).toEqual({
      time: '2025-11-24T10:26:40.000Z',
      client: '10.0.0.8',
      method: 'POST',
      url: 'https://www.shop.example/login',
      host: 'www.shop.example',
    });
    expect(
      parseCombinedLine('10.0.0.9 - - [24/Nov/2025:10:26:40 +0000] "CONNECT login.example.net:443 HTTP/1.1" 200 0 "-" "-"'),
    ).toMatchObject({
      host: 'login.example.net',
      method: 'CONNECT',
    });
    expect(parseCombinedLine('10.0.0.9 - - [24/Nov/2025:10:26:40 +0000] "GET /index.html HTTP/1.1" 200 5 "-" "-"')).toBe('no_host');
  });

  it('reads CEF with a syslog prefix, escaped characters and multi-word values', () => {
    const line =
      'Nov 24 10:00:00 proxy CEF:0|Blue Coat|ProxySG|7.3|200|TCP_NC_MISS|1|rt=1763980000000 src=10.1.2.3 requestMethod=POST request=https://evil.example.test/pay?a\\=1 dhost=evil.example.test cs1=Phishing Sites cs1Label=Category';
    expect(parseCefLine(line)).toEqual({
      time: '2025-11-24T10:26:40.000Z',
      client: '10.1.2.3',
      method: 'POST',
      url: 'https://evil.example.test/pay?a=1',
      host: 'evil.example.test',
    });
    expect(parseCefLine('CEF:0|only|three|pipes')).toBe('unreadable');
  });

  it('reads JSON lines by the default names, nested paths and a field map', () => {
    expect(
      parseJsonLine(
        '{"@timestamp":"2026-11-24T10:00:00Z","source":{"ip":"10.0.0.9"},"http":{"request":{"method":"GET"}},"url":{"full":"https://a.example/x"}}',
        DEFAULT_FIELD_MAP,
      ),
    ).toEqual({ time: '2026-11-24T10:00:00.000Z', client: '10.0.0.9', method: 'GET', url: 'https://a.example/x', host: 'a.example' });
    const fields = parseFieldMap('url=req.link,client=who');
    expect(parseJsonLine('{"req":{"link":"http://b.example/"},"who":"alice","ts":1763980000}', fields)).toMatchObject({
      url: 'http://b.example/',
      client: 'alice',
      host: 'b.example',
      time: '2025-11-24T10:26:40.000Z',
    });
    expect(parseJsonLine('not json', fields)).toBe('unreadable');
    expect(() => parseFieldMap('colour=x')).toThrow(/Unknown field map entry/);
  });

  it('recognises every format from its first lines, and reads the same visits from each', () => {
    const visits = traffic(60, { badHosts: ['evil.example.net'] });
    const expected: Record<keyof typeof TRAFFIC_FORMATS, string> = {
      squid: 'squid',
      combined: 'combined',
      zeek: 'zeek',
      zeekJson: 'jsonl',
      elff: 'elff',
      zscalerCsv: 'zscaler',
      zscalerKeyValue: 'zscaler',
      cef: 'cef',
      ecs: 'jsonl',
    };
    for (const [name, write] of Object.entries(TRAFFIC_FORMATS)) {
      const lines = write(visits).split('\n');
      const format = detectLogFormat(lines);
      expect([name, format]).toEqual([name, expected[name as keyof typeof expected]]);
      const reader = logReader(format!);
      const read = lines.map((line) => reader.read(line)).filter((outcome) => typeof outcome !== 'string');
      expect([name, read.map((visit) => visit.host)]).toEqual([name, visits.map((visit) => visit.host)]);
      expect([name, read[1]!.client, read[1]!.method]).toEqual([name, visits[1]!.client, visits[1]!.method]);
    }
  });

  it('recognises nothing in random text or binary noise', () => {
    expect(detectLogFormat(['hello world', 'this is not a log', 'at all'])).toBeNull();
    expect(detectLogFormat([Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 256)).toString('latin1')])).toBeNull();
  });
});
