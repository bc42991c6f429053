import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from './scan.ts';
import { loadFixtureSites } from './testing/fixture-server.ts';
import { startFixtureWorld, type FixtureWorld } from './testing/fixture-world.ts';

const sites = loadFixtureSites();
const benign = sites.filter((site) => site.manifest.kind === 'benign');
// A kit only a browser shows (a same-site frame, a timed script hop) is judged by the Chromium fixture tests.
const malicious = sites.filter((site) => site.manifest.kind === 'malicious' && !site.manifest.browserOnly);

let world: FixtureWorld;

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

describe('fixture websites', () => {
  it('has at least ten benign and ten malicious sites', () => {
    expect(benign.length).toBeGreaterThanOrEqual(10);
    expect(malicious.length).toBeGreaterThanOrEqual(10);
  });

  it.each(malicious.map((site) => [site.host, site] as const))(
    '%s scores Risky or worse with a fitting classification',
    async (_host, site) => {
      const result = await scan(site.entryUrl, world.scanOptions);
      const summary = { score: result.overall_risk, classes: result.classification.map((entry) => entry.name), final: result.final_url };
      expect(summary.score, JSON.stringify(summary)).toBeGreaterThanOrEqual(60);
      expect(summary.classes).toContain(site.manifest.expectedClassification);
      expect(result.classification.every((entry) => entry.description.length > 20)).toBe(true);
    },
  );

  it.each(benign.map((site) => [site.host, site] as const))('%s scores Good or better', async (_host, site) => {
    const result = await scan(site.entryUrl, world.scanOptions);
    const findings = result.checks.flatMap((category) => category.details).filter((detail) => detail.risk_score > 0);
    const summary = { score: result.overall_risk, findings: findings.map((detail) => `${detail.name}=${detail.risk_score}`) };
    expect(result.overall_risk, JSON.stringify(summary)).toBeLessThanOrEqual(39);
    expect(
      result.checks.find((category) => category.category === 'HTTP & Redirects')?.details.find((d) => d.name === 'http_error_page')
        ?.risk_score,
    ).toBe(0);
  });
});
