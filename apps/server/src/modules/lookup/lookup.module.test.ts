import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { hostParts, urlKey } from '@riskscan/scanner';
import { FEED_FIXTURES_DIR } from '@riskscan/scanner/intel/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createInProcessJobs } from '../../jobs/index.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createLookupModule } from './lookup.module.ts';

const log = pino({ level: 'silent' });
const PHISH = new URL('https://paypal-account-verify.test/signin/index.php');

describe('the lookup module’s repeating jobs', () => {
  let server: Server;
  let feedUrl: string;
  let testDb: TestDatabase;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      createReadStream(path.join(FEED_FIXTURES_DIR, 'openphish.txt')).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.txt`;
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await testDb.drop();
  });

  it('imports the configured feeds at start, as a job on the process’s own runner', async () => {
    const config = loadConfig({ REPUTATION_FEEDS: `openphish=openphish-text@${feedUrl}`, REPUTATION_REFRESH_MINUTES: '60' });
    const api = await createLookupModule({ config, db: testDb.db, log, externalAllowed: async () => false });
    const match = (module: typeof api) => module.reputation.index.match({ urlKey: urlKey(PHISH), parts: hostParts(PHISH.hostname) });
    expect(match(api)).toEqual([]);

    const local = createInProcessJobs(log);
    await api.startServing(local);
    // Closing the runner waits for the jobs it is running: the start-up refresh has then ended.
    await local.close();
    expect(match(api)).toMatchObject([{ sources: ['openphish'] }]);
  });
});
