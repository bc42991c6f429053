/**
 * `npm run fuzz -- --runs N [--seed S]`: the OpenAPI robustness run at any length (the Vitest
 * suite runs 10 requests per operation). Writes reliability/fuzz/last-run.json with every figure
 * and every 5xx found, prints a summary, and exits 1 when any request got a 5xx or quota was
 * spent on rejected input.
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { fuzzOpenApi, startFuzzWorld } from '@riskscan/server/testing';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' }, seed: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');

const world = await startFuzzWorld();
try {
  const report = await fuzzOpenApi(world.t.app, {
    runs,
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    callers: world.callers,
    onResponse: world.onResponse,
  });
  const spending = await world.spending();
  const output = new URL('./last-run.json', import.meta.url);
  await writeFile(output, `${JSON.stringify({ date: new Date().toISOString(), runs, spending, ...report }, null, 2)}\n`);
  console.log(
    `${report.operations} operations, ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (seed ${report.seed}): ` +
      `${JSON.stringify(report.byStatus)}; 5xx: ${report.failures.length}; charged ${spending.charged} for ${spending.kept} of ${spending.scans} scans (the rest refunded) ` +
      `(${spending.accepted} accepted scan requests)`,
  );
  for (const failure of report.failures.slice(0, 20)) console.log(JSON.stringify(failure));
  const quotaOk = spending.charged === spending.kept && spending.scans <= spending.accepted;
  process.exitCode = report.failures.length === 0 && quotaOk ? 0 : 1;
} finally {
  await world.close();
}
