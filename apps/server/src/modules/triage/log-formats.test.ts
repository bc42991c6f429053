import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAP, parseCefLine, parseFieldMap, parseJsonLine, parseSquidLine } from './log-formats.ts';

describe('proxy log formats', () => {
  it('reads Squid native lines, CONNECT tunnels included', () => {
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
    expect(parseSquidLine('1763980000.1 5 10.0.0.1 TCP_TUNNEL/200 0 CONNECT login.example.net:443 - HIER_DIRECT/1.2.3.4 -')?.host).toBe(
      'login.example.net',
    );
    expect(parseSquidLine('garbage')).toBeNull();
    expect(parseSquidLine('1763980000.1 0 10.0.0.1 NONE_NONE/000 0 - error:transaction-end-before-headers - HIER_NONE/- -')).toBeNull();
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
    expect(parseCefLine('CEF:0|only|three|pipes')).toBeNull();
  });

  it('reads JSON lines by the default names, nested paths and a field map', () => {
    expect(
      parseJsonLine(
        '{"@timestamp":"2026-11-24T10:00:00Z","source":{"ip":"10.0.0.9"},"http":{"request":{"method":"GET"}},"url":{"full":"https://a.example/x"}}',
        DEFAULT_FIELD_MAP,
      ),
    ).toEqual({
      time: '2026-11-24T10:00:00Z',
      client: '10.0.0.9',
      method: 'GET',
      url: 'https://a.example/x',
      host: 'a.example',
    });
    const fields = parseFieldMap('url=req.link,client=who');
    expect(parseJsonLine('{"req":{"link":"http://b.example/"},"who":"alice","ts":1763980000}', fields)).toMatchObject({
      url: 'http://b.example/',
      client: 'alice',
      host: 'b.example',
      time: '2025-11-24T10:26:40.000Z',
    });
    expect(parseJsonLine('not json', fields)).toBeNull();
    expect(() => parseFieldMap('colour=x')).toThrow(/Unknown field map entry/);
  });
});
