import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_URL_MESSAGE } from './url/normalize-scan-url.ts';
import { scan, ScanInputError } from './scan.ts';
import { startFixtureWorld, type FixtureWorld } from './testing/fixture-world.ts';

let world: FixtureWorld;

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

describe('scan', () => {
  it('scans a fixture site under its real name and returns a valid CheckResult', async () => {
    const result = await scan('sunny-garden-blog.com', world.scanOptions);
    expect(checkResultSchema.parse(result)).toEqual(result);
    expect(result.url).toBe('https://sunny-garden-blog.com/');
    expect(result.final_url).toBe('https://sunny-garden-blog.com/');
    expect(result.ip).toBe('127.0.0.1');
    expect(result.checks.map((category) => category.category)).toContain('TLS Certificate');
    const tls = result.checks.find((category) => category.category === 'TLS Certificate');
    expect(tls?.details.every((detail) => detail.risk_score === 0)).toBe(true);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
    expect(world.dns.queries).toContain('A sunny-garden-blog.com');
  });

  it('refuses loopback fixtures when private networks are not allowed, without touching them', async () => {
    const before = world.server.requests.length;
    const result = await scan('https://sunny-garden-blog.com/', {
      ...world.scanOptions,
      network: { ...world.scanOptions.network, allowPrivateNetworks: false },
    });
    expect(world.server.requests.length).toBe(before);
    expect(result.ip).toBe('127.0.0.1');
  });

  it('refuses empty input with the specified message', async () => {
    await expect(scan('  ', world.scanOptions)).rejects.toEqual(new ScanInputError(EMPTY_URL_MESSAGE));
  });

  it('applies a profile: inactive details no longer count', async () => {
    const result = await scan('http://sunny-garden-blog.com/', {
      ...world.scanOptions,
      profile: {
        uid: 'p1',
        name: 'No http warning',
        is_default: false,
        count_zero_values: false,
        checks: [{ category: 'URL Analysis', details: [{ name: 'url_plain_http', title: 'Unencrypted address', is_active: false }] }],
        additional_checks: [],
      },
    });
    const detail = result.checks.flatMap((category) => category.details).find((entry) => entry.name === 'url_plain_http');
    expect(detail).toMatchObject({ is_active: false });
    expect(detail?.risk_score).toBeGreaterThan(0);
  });
});
