import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { hostParts, urlKey } from '@riskscan/scanner';
import { FEED_FIXTURES_DIR } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { downloadFeed, refreshFeeds } from './feed-refresh.ts';
import { ReputationStore } from './reputation-store.ts';

// Each feed host's path and content type, serving our fixture files in the real formats.
const ROUTES: Record<string, [file: string, type: string]> = {
  '/downloads/csv_recent/': ['urlhaus.csv', 'text/csv'],
  '/feed.txt': ['openphish.txt', 'text/plain'],
  '/data/online-valid.json': ['phishtank.json', 'application/json'],
  '/lists/ours.txt': ['plain-list.txt', 'text/plain'],
};

function startFeedServer(): Promise<Server> {
  const server = createServer((request, response) => {
    // A feed host sending the download on to an internal address (here: the loopback server itself).
    if (request.url === '/moved') return response.writeHead(302, { location: '/lists/ours.txt' }).end();
    const route = ROUTES[request.url ?? ''];
    if (!route) return response.writeHead(404).end('not found');
    const file = path.join(FEED_FIXTURES_DIR, route[0]);
    response.writeHead(200, { 'content-type': route[1], 'content-length': statSync(file).size });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('feed refresh', () => {
  let server: Server;
  let base: string;
  let testDb: TestDatabase;
  let store: ReputationStore;
  const limits = { timeoutMs: 5000, maxBytes: 1024 * 1024 };

  beforeAll(async () => {
    server = await startFeedServer();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    testDb = await createTestDatabase();
    store = new ReputationStore(testDb.db, 30);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await testDb.drop();
  });

  it('downloads and imports every configured feed, carrying on past a failing one', async () => {
    const outcomes = await refreshFeeds(
      store,
      [
        { source: 'urlhaus', format: 'urlhaus-csv', url: `${base}/downloads/csv_recent/` },
        { source: 'gone', format: 'openphish-text', url: `${base}/missing.txt` },
        { source: 'openphish', format: 'openphish-text', url: `${base}/feed.txt` },
        { source: 'phishtank', format: 'phishtank-json', url: `${base}/data/online-valid.json` },
        { source: 'ours', format: 'plain-list', url: `${base}/lists/ours.txt` },
      ],
      limits,
    );
    expect(outcomes).toEqual([
      { source: 'urlhaus', entries: 3 },
      { source: 'gone', error: `${base}/missing.txt answered HTTP 404` },
      { source: 'openphish', entries: 4 },
      { source: 'phishtank', entries: 2 },
      { source: 'ours', entries: 4 },
    ]);
    const url = new URL('https://paypal-account-verify.test/signin/index.php');
    expect(store.index.match({ urlKey: urlKey(url), parts: hostParts(url.hostname) })).toMatchObject([{ sources: ['openphish'] }]);
  });

  it('refuses a feed larger than the size budget', async () => {
    await expect(downloadFeed(`${base}/data/online-valid.json`, { timeoutMs: 5000, maxBytes: 100 })).rejects.toThrow(
      'larger than 100 bytes',
    );
  });

  it('follows a feed host’s redirect only through the egress guard: an internal target is refused', async () => {
    await expect(downloadFeed(`${base}/moved`, limits)).rejects.toThrow(/lists\/ours\.txt: Refused/);
    const outcomes = await refreshFeeds(store, [{ source: 'moved', format: 'plain-list', url: `${base}/moved` }], limits);
    expect(outcomes).toEqual([{ source: 'moved', error: expect.stringContaining('Refused') }]);
  });
});
