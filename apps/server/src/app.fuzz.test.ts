import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFuzzWorld, type FuzzWorld } from './testing/fuzz-world.ts';
import { fuzzOpenApi } from './testing/openapi-fuzz.ts';

let world: FuzzWorld;
beforeAll(async () => {
  world = await startFuzzWorld();
});
afterAll(() => world.close());

/**
 * A CI-sized robustness run (issue 21): every operation of the served OpenAPI document gets
 * generated requests, signed in and out; `npm run fuzz -- --runs N` runs the same for longer.
 */
describe('every OpenAPI operation under fuzzed input', () => {
  it('never answers 5xx, and rejected input spends no quota', async () => {
    const report = await fuzzOpenApi(world.t.app, { runs: 30, seed: 21, callers: world.callers, onResponse: world.onResponse });
    expect(report.operations).toBeGreaterThan(50);
    expect(report.failures).toEqual([]);
    // Answers other than 2xx and 4xx (redirects aside) would be news too.
    expect(Object.keys(report.byStatus).filter((status) => !/^[234]/.test(status))).toEqual([]);
    const { charged, kept, scans, accepted } = await world.spending();
    expect(scans).toBeGreaterThan(0);
    expect(charged).toBe(kept);
    expect(scans).toBeLessThanOrEqual(accepted);
  }, 120_000);
});
