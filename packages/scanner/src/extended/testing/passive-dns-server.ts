import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Passive DNS Common Output Format record, as CIRCL's service writes it. */
export interface PassiveDnsRecord {
  rrname: string;
  rrtype: string;
  rdata: string | string[];
  time_first: number;
  time_last: number;
  count: number;
}

export interface PassiveDnsServer {
  /** The query prefix, for `passiveDns.url`. */
  url: string;
  /** Request paths, in order. */
  requests: string[];
  /** How the next requests are answered: normally, with an error status, or not at all (a stall). */
  behaviour: 'answer' | 'error' | 'stall';
  close(): Promise<void>;
}

/**
 * A local stand-in for CIRCL Passive DNS: `GET /pdns/query/<ip>` with HTTP Basic auth, answered as
 * newline-delimited COF records (`application/x-ndjson`); 401 without the right credentials.
 */
export async function startPassiveDnsServer(
  records: Readonly<Record<string, readonly PassiveDnsRecord[]>>,
  credentials: { username: string; password: string },
): Promise<PassiveDnsServer> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const state: PassiveDnsServer = { url: '', requests: [], behaviour: 'answer', close: async () => {} };
  const server = createServer((request, response) => {
    state.requests.push(request.url ?? '');
    if (state.behaviour === 'stall') return;
    if (state.behaviour === 'error') {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('Service unavailable');
      return;
    }
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="pdns"' }).end();
      return;
    }
    const ip = decodeURIComponent((request.url ?? '').replace(/^\/pdns\/query\//, ''));
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    response.end((records[ip] ?? []).map((record) => `${JSON.stringify(record)}\n`).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pdns/query/`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
