import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PopularityIndex } from '@riskscan/scanner';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPopularity, PopularityListError, refreshPopularity } from './popularity-refresh.ts';

// A ranking in Tranco's `rank,domain` form: 1,500 made-up domains, the first one ours to look up.
const RANKING = [
  '# list: test ranking T35',
  '# date: 2026-11-01',
  ...Array.from({ length: 1500 }, (_, i) => `${i + 1},ranked-site-${i}.com`),
].join('\n');
const limits = { timeoutMs: 5000, maxBytes: 1024 * 1024 };
const log = pino({ level: 'silent' });

describe('popularity ranking refresh', () => {
  let server: Server;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/top.csv') return response.writeHead(200, { 'content-type': 'text/csv' }).end(RANKING);
      if (request.url === '/short.csv') return response.writeHead(200).end('1,only-one.com\n');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = await mkdtemp(path.join(tmpdir(), 'popularity-'));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a ranking from a URL or a file, with its list name', async () => {
    const fromUrl = await loadPopularity({ url: `${base}/top.csv`, file: null, refreshHours: 0 }, limits);
    expect(fromUrl?.source.list).toBe('test ranking T35');
    expect(fromUrl?.bucketOf('ranked-site-0.com')).toBe(1);
    expect(fromUrl?.bucketOf('ranked-site-1400.com')).toBe(2);
    const file = path.join(dir, 'top.csv');
    await writeFile(file, RANKING);
    expect((await loadPopularity({ url: null, file, refreshHours: 0 }, limits))?.size).toBe(1500);
    expect(await loadPopularity({ url: null, file: null, refreshHours: 0 }, limits)).toBeNull();
  });

  it('refuses a list too short to be a ranking', async () => {
    await expect(loadPopularity({ url: `${base}/short.csv`, file: null, refreshHours: 0 }, limits)).rejects.toBeInstanceOf(
      PopularityListError,
    );
  });

  it('hands each good ranking to the verdict and keeps the current one when a read fails', async () => {
    const used: PopularityIndex[] = [];
    await refreshPopularity({ url: `${base}/top.csv`, file: null, refreshHours: 1 }, (index) => used.push(index), { ...limits, log });
    expect(used).toHaveLength(1);
    await refreshPopularity({ url: `${base}/missing.csv`, file: null, refreshHours: 0 }, (index) => used.push(index), { ...limits, log });
    expect(used).toHaveLength(1);
  });
});
