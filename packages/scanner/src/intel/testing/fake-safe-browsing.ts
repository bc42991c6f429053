import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SafeBrowsingCall = { key: string | null; client: unknown; threatTypes: string[]; urls: string[] };

export type FakeSafeBrowsing = { baseUrl: string; apiKey: string; calls: SafeBrowsingCall[]; close(): Promise<void> };

/**
 * A stand-in for safebrowsing.googleapis.com answering `POST /v4/threatMatches:find?key=` in the
 * v4 API's format: `{matches: [...]}` for listed URLs, `{}` when none is, HTTP 400 for a bad key.
 */
export function startFakeSafeBrowsing(listed: Record<string, string>, apiKey = 'test-key'): Promise<FakeSafeBrowsing> {
  const calls: SafeBrowsingCall[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || url.pathname !== '/v4/threatMatches:find') return response.writeHead(404).end();
      if (url.searchParams.get('key') !== apiKey) {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }));
      }
      const body = JSON.parse(raw) as { client: unknown; threatInfo: { threatTypes: string[]; threatEntries: { url: string }[] } };
      const urls = body.threatInfo.threatEntries.map((entry) => entry.url);
      calls.push({ key: url.searchParams.get('key'), client: body.client, threatTypes: body.threatInfo.threatTypes, urls });
      const matches = urls
        .filter((entry) => listed[entry])
        .map((entry) => ({
          threatType: listed[entry],
          platformType: 'ANY_PLATFORM',
          threat: { url: entry },
          cacheDuration: '300s',
          threatEntryType: 'URL',
        }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(matches.length ? { matches } : {}));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        apiKey,
        calls,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
