import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaPlugin } from './spa.ts';

let dist: string;
let app: FastifyInstance;
const INDEX = '<!doctype html><title>riskscan</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('riskscan '.repeat(200))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'spa-'));
  await mkdir(path.join(dist, 'assets'));
  // What the web build writes: each text file with its .br and .gz beside it, and no source maps.
  for (const [name, text] of [
    ['index.html', INDEX],
    ['assets/index-abc.js', SCRIPT],
  ] as const) {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  app = Fastify();
  const missingPost = async (pathname: string) => pathname.startsWith('/blogdetail/gone');
  await app.register(spaPlugin, { webDistDir: dist, missing: [missingPost] });
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app from the server', () => {
  it('answers the app’s pages with 200 and any other page address with 404 and the same page', async () => {
    for (const url of ['/', '/about', '/blogdetail/some-post/', '/profile/license_details', '/payment/success/']) {
      const page = await app.inject({ url });
      expect([url, page.statusCode, page.headers['content-type']]).toEqual([url, 200, expect.stringMatching(/^text\/html/)]);
    }
    const missing = await app.inject({ url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    expect((await app.inject({ url: '/api/v1/nothing/' })).json()).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 with the app for a page naming a resource a check says is missing', async () => {
    const gone = await app.inject({ url: '/blogdetail/gone-post/' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<div id="root">');
    expect((await app.inject({ url: '/blogdetail/some-post/' })).statusCode).toBe(200);
  });

  it('sends scripts precompressed as the browser asks (br before gzip), and plain to those that do not', async () => {
    const br = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, SCRIPT]);
    const page = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
  });
});
