import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { directoryScreenshotStore, s3Objects, s3ScreenshotStore, screenshotFileName, type ScreenshotStore } from '@riskscan/scanner';
import { startS3TestServer, type S3TestServer } from '@riskscan/scanner/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotRoutes } from './screenshots.routes.ts';

let s3: S3TestServer;
let dir: string;
const image = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 '), Buffer.from('a screenshot')]);
const name = screenshotFileName(image);

beforeAll(async () => {
  s3 = await startS3TestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'riskscan-shots-'));
});

afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Settings = (secretAccessKey = s3.secretAccessKey) => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: s3.region,
  pathStyle: true,
  accessKeyId: s3.accessKeyId,
  secretAccessKey,
});

/** The route alone, with its log lines kept so a test can read what would reach the operator. */
async function serve(store: ScreenshotStore) {
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(screenshotRoutes, { prefix: '/screenshots', store });
  return { app, logLines };
}

const stores: [string, () => ScreenshotStore][] = [
  ['files under DATA_DIR', () => directoryScreenshotStore(dir, (file) => `/screenshots/${file}`)],
  ['an S3-compatible bucket', () => s3ScreenshotStore(s3Objects(s3Settings()), (file) => `/screenshots/${file}`)],
];

describe.each(stores)('screenshots stored as %s', (_kind, makeStore) => {
  it('are served at their stable link with long-lived caching and revalidate by their hash', async () => {
    const store = makeStore();
    const link = await store.save(image);
    expect(link).toBe(`/screenshots/${name}`);
    const { app } = await serve(store);
    try {
      const response = await app.inject({ method: 'GET', url: link });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload).toEqual(image);
      const again = await app.inject({ method: 'GET', url: link, headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect((await app.inject({ method: 'GET', url: `/screenshots/${'f'.repeat(40)}.webp` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/screenshots/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('S3 storage failures', () => {
  it('answer 503 without caching, and the log names S3’s error but never the secret', async () => {
    await s3ScreenshotStore(s3Objects(s3Settings()), (file) => file).save(image);
    const wrongSecret = 'wrong/secret/that/must/not/be/logged';
    const { app, logLines } = await serve(s3ScreenshotStore(s3Objects(s3Settings(wrongSecret)), (file) => file));
    try {
      const response = await app.inject({ method: 'GET', url: `/screenshots/${name}` });
      expect(response.statusCode).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      const log = logLines.join('');
      expect(log).toContain('SignatureDoesNotMatch');
      expect(log).not.toContain(wrongSecret);
      expect(log).not.toContain(s3.secretAccessKey);
    } finally {
      await app.close();
    }
  });
});
