import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '@riskscan/server';
import { createUser, signInAs } from '@riskscan/server/testing';
import { buildCorpus } from './corpus.ts';

/**
 * Verdicts per second through `POST /api/v1/lookup/` on the real server (PGlite, reputation
 * loaded from the database), batches of 1,000 URLs, several requests in flight. Client and server
 * share the machine, as a SIEM collector beside it would. Run: `npm run bench:verdict:http`.
 */
const BATCH = 1000;
const IN_FLIGHT = 4;
const SECONDS = 15;
const FEED_SIZE = 50_000;

const dataDir = await mkdtemp(path.join(tmpdir(), 'riskscan-bench-'));
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  RATE_LIMIT_MAX: '1000000',
  LOOKUP_BATCH_RATE_LIMIT_MAX: '1000000',
  REPUTATION_REFRESH_MINUTES: '0',
});
const app = await buildApp(config);
const feed = Array.from({ length: FEED_SIZE }, (_, i) => `http://listed-${i}.example/login/${i}`).join('\n');
const importStarted = Date.now();
await app.reputation.importFeed({ source: 'bench', format: 'openphish-text', text: feed, origin: 'generated' });
const importSeconds = (Date.now() - importStarted) / 1000;
// The lookup API needs a signed-in user or an API key; a Free-plan user is answered without Safe Browsing.
const { token } = await signInAs(app, await createUser(app));
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const corpus = buildCorpus(200_000);
const bodies = Array.from({ length: corpus.length / BATCH }, (_, i) => JSON.stringify({ urls: corpus.slice(i * BATCH, (i + 1) * BATCH) }));

async function send(body: string): Promise<number> {
  const response = await fetch(`${address}/api/v1/lookup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  const { results } = (await response.json()) as { results: unknown[] };
  return results.length;
}

async function load(seconds: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let judged = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (Date.now() < deadline) judged += await send(bodies[next++ % bodies.length] as string);
    }),
  );
  return judged;
}

await load(3); // warm-up
const cpuBefore = process.cpuUsage();
const started = Date.now();
const judged = await load(SECONDS);
const elapsed = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
console.log(
  `machine: ${cpus()[0]?.model ?? 'unknown'}, ${availableParallelism()} cores, node ${process.version}, load ${loadavg()[0]?.toFixed(1)}`,
);
console.log(`imported ${FEED_SIZE.toLocaleString('en')} feed URLs into PGlite in ${importSeconds.toFixed(1)} s`);
const rate = (value: number) => Math.round(value).toLocaleString('en');
console.log(
  `HTTP batch (${BATCH} URLs, ${IN_FLIGHT} in flight): ${rate(judged / elapsed)} verdicts/s wall over ${elapsed.toFixed(1)} s, ` +
    `${rate(judged / cpuSeconds)} verdicts/s per CPU second (client and server together)`,
);
await app.close();
await rm(dataDir, { recursive: true, force: true });
