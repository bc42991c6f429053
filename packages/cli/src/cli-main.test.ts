import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP, runCli } from './cli-main.ts';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A stand-in riskscan API answering in the server's shapes; `handler` decides each answer. */
async function fakeServer(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
};

const report = (url: string, level: string, score: number, reachable: boolean) => ({
  uid: 'scan-1',
  status: 'done',
  data: { url, overall_risk: score, risk_score_text: { name: level }, classification: [], reachable },
});

describe('riskscan CLI exit codes, timeout and standard input', () => {
  let api: { url: string; server: Server };
  let silent: { url: string; server: Server };
  let closedPort: string;
  const received: { path: string; body: string }[] = [];

  beforeAll(async () => {
    api = await fakeServer((request, body, response) => {
      received.push({ path: request.url!, body });
      if (request.url === '/api/v1/lookup/') {
        const { urls } = JSON.parse(body) as { urls: string[] };
        return json(response, 200, {
          results: urls.map((url) =>
            url.includes(' ')
              ? { url, error: 'Please enter a valid URL.' }
              : { url, risk_level: 'Danger', risk_score: 93, classification: [], reasons: [] },
          ),
        });
      }
      if (request.url === '/api/v1/scans/') {
        const { url } = JSON.parse(body) as { url: string };
        if (url.includes('down.example')) return json(response, 200, report(url, 'Normal', 59, false));
        if (url.includes('broken.example')) return json(response, 500, { detail: 'Internal server error.' });
        if (url.includes('bad url')) return json(response, 400, { url: ['Please enter a valid URL.'] });
        return json(response, 200, report(url, 'Good', 25, true));
      }
      if (request.url === '/api/v1/triage/email/')
        return json(response, 200, {
          risk_level: 'Secure',
          risk_score: 3,
          reasons: [],
          urls: [],
          message: { subject: 'hi', from: 'a@b', authentication: {} },
        });
      return json(response, 404, { detail: 'Not found.' });
    });
    // Accepts the connection and never answers.
    silent = await fakeServer(() => {});
    const probe = await fakeServer(() => {});
    closedPort = probe.url;
    await new Promise((resolve) => probe.server.close(resolve));
  });
  afterAll(async () => {
    for (const { server } of [api, silent]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const run = async (argv: string[], input = '', server = api.url) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      {
        stdin: async () => Buffer.from(input),
        out: (text) => out.push(text),
        err: (text) => err.push(text),
        progress: false,
        sleep: async () => {},
      },
      { RISKSCAN_URL: server, RISKSCAN_API_KEY: 'rsk_test' },
    );
    return { code, out: out.join(''), err: err.join('') };
  };

  it('lists every exit code and the timeout in --help', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    for (const line of [
      '0  judged',
      '1  a verdict reached --fail-on',
      '2  usage',
      '3  the server could not be reached',
      '4  nothing judged',
    ])
      expect(help.out).toContain(line);
    expect(HELP).toContain('--timeout SEC');
    expect(HELP).toContain('- reads it from standard input');
  });

  it('0 clean, 1 gate tripped, 2 usage or a refused request', async () => {
    expect((await run(['scan', 'https://fine.example/', '--fail-on', 'risky'])).code).toBe(0);
    expect((await run(['lookup', 'https://bad.example/', '--fail-on', 'risky'])).code).toBe(1);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['scan', 'https://fine.example/', '--timeout', 'soon'])).code).toBe(2);
    expect((await run(['scan', 'bad url'])).code).toBe(2);
  });

  it('3 when the server is down or does not answer within --timeout', async () => {
    const down = await run(['scan', 'https://fine.example/', '--fail-on', 'risky'], '', closedPort);
    expect(down.code).toBe(3);
    expect(down.err).toContain('Could not reach the riskscan server');
    const stalled = await run(['lookup', 'https://fine.example/', '--timeout', '1'], '', silent.url);
    expect(stalled.code).toBe(3);
    expect(stalled.err).toContain('did not answer within 1 s');
  });

  it('4 when nothing was judged: no URL among the input, a site that did not answer, a server error', async () => {
    const notUrl = await run(['lookup', 'not a url', '--fail-on', 'risky']);
    expect(notUrl.code).toBe(4);
    expect(notUrl.err).toContain('nothing judged');
    expect((await run(['lookup'], '\n# only a comment\n')).code).toBe(4);
    const unreachable = await run(['scan', 'https://down.example/', '--fail-on', 'risky']);
    expect(unreachable.code).toBe(4);
    expect(unreachable.err).toContain('did not answer; nothing judged');
    expect((await run(['scan', 'https://broken.example/'])).code).toBe(4);
  });

  it('reads - from standard input for every command', async () => {
    received.length = 0;
    expect((await run(['scan', '-'], '\nhttps://fine.example/piped\n')).code).toBe(0);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ url: 'https://fine.example/piped' });
    expect((await run(['lookup', 'https://named.example/', '-'], 'https://piped.example/\n')).code).toBe(0);
    expect(JSON.parse(received[1]!.body)).toEqual({ urls: ['https://named.example/', 'https://piped.example/'] });
    expect((await run(['triage', '-'], 'From: a@b\r\nSubject: hi\r\n\r\nbody\r\n')).code).toBe(0);
    expect(received[2]).toEqual({ path: '/api/v1/triage/email/', body: 'From: a@b\r\nSubject: hi\r\n\r\nbody\r\n' });
    expect((await run(['scan', '-'], '')).code).toBe(2);
  });
});
