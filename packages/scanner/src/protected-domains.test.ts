import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from './scan.ts';
import { startFixtureWorld, type FixtureWorld } from './testing/fixture-world.ts';

let world: FixtureWorld;

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

const impersonation = (result: Awaited<ReturnType<typeof scan>>) =>
  result.checks.flatMap((category) => category.details).find((detail) => detail.name === 'page_brand_impersonation')!;

describe('protected domains', () => {
  it('reads a copy of the protected site on a look-alike as impersonation of it', async () => {
    const result = await scan('https://pixelfroge.app/', { ...world.scanOptions, protectedDomains: ['pixelforge.app'] });
    expect(impersonation(result).risk_score).toBeGreaterThanOrEqual(90);
    expect(impersonation(result).message).toContain('pixelforge.app');
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
  });

  it('knows nothing of a brand outside the catalogue unless told', async () => {
    const result = await scan('https://pixelfroge.app/', world.scanOptions);
    expect(impersonation(result).risk_score).toBe(0);
  });

  it('never flags the protected domain itself', async () => {
    const result = await scan('https://pixelforge.app/', { ...world.scanOptions, protectedDomains: ['pixelforge.app'] });
    expect(impersonation(result).risk_score).toBe(0);
  });
});
