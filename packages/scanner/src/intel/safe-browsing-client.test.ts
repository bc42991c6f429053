import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findThreatMatches, SafeBrowsingError } from './safe-browsing-client.ts';

const LISTED: Record<string, string> = {
  'http://malware.testsafebrowsing.appspot.com/s/malware.html': 'MALWARE',
  'http://testsafebrowsing.appspot.com/s/phishing.html': 'SOCIAL_ENGINEERING',
};

type SeenRequest = {
  key: string | null;
  body: { client: unknown; threatInfo: { threatEntries: { url: string }[]; threatTypes: string[] } };
};

/** A stand-in for safebrowsing.googleapis.com answering `threatMatches:find` as the v4 API does. */
function startFakeSafeBrowsing(seen: SeenRequest[]): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || url.pathname !== '/v4/threatMatches:find') return response.writeHead(404).end();
      if (url.searchParams.get('key') !== 'test-key') {
        response.writeHead(400, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }));
      }
      const body = JSON.parse(raw) as SeenRequest['body'];
      seen.push({ key: url.searchParams.get('key'), body });
      const matches = body.threatInfo.threatEntries
        .filter((entry) => LISTED[entry.url])
        .map((entry) => ({
          threatType: LISTED[entry.url],
          platformType: 'ANY_PLATFORM',
          threat: { url: entry.url },
          cacheDuration: '300s',
          threatEntryType: 'URL',
        }));
      response.writeHead(200, { 'content-type': 'application/json' });
      // The real API answers `{}` when nothing matches.
      response.end(JSON.stringify(matches.length ? { matches } : {}));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('findThreatMatches', () => {
  const seen: SeenRequest[] = [];
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startFakeSafeBrowsing(seen);
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = () => ({ apiKey: 'test-key', baseUrl, clientId: 'riskscan', clientVersion: '0.1.0' });

  it('returns the listed URLs with their threat types and nothing for clean ones', async () => {
    const matches = await findThreatMatches(
      [
        'http://malware.testsafebrowsing.appspot.com/s/malware.html',
        'https://example.com/',
        'http://testsafebrowsing.appspot.com/s/phishing.html',
      ],
      options(),
    );
    expect(matches).toEqual([
      { url: 'http://malware.testsafebrowsing.appspot.com/s/malware.html', threatType: 'MALWARE' },
      { url: 'http://testsafebrowsing.appspot.com/s/phishing.html', threatType: 'SOCIAL_ENGINEERING' },
    ]);
    expect(seen.at(-1)?.body.client).toEqual({ clientId: 'riskscan', clientVersion: '0.1.0' });
    expect(seen.at(-1)?.body.threatInfo.threatTypes).toContain('SOCIAL_ENGINEERING');
    expect(await findThreatMatches(['https://example.com/'], options())).toEqual([]);
  });

  it('splits large batches into calls of at most 500 entries', async () => {
    seen.length = 0;
    const urls = Array.from({ length: 1001 }, (_, i) => `https://example.com/${i}`);
    await findThreatMatches(urls, options());
    expect(seen.map((request) => request.body.threatInfo.threatEntries.length)).toEqual([500, 500, 1]);
  });

  it('reports a refused key as an error', async () => {
    await expect(findThreatMatches(['https://example.com/'], { ...options(), apiKey: 'wrong' })).rejects.toThrow(SafeBrowsingError);
  });
});
