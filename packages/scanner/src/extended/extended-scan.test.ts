import { checkResultSchema } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../scan.ts';
import { startFixtureWorld, type FixtureWorld } from '../testing/fixture-world.ts';

let world: FixtureWorld;

beforeAll(async () => {
  world = await startFixtureWorld();
});

afterAll(async () => {
  await world.close();
});

describe('scan with extended checks', () => {
  it('adds the requested groups and their risk categories', async () => {
    const lookedUp: string[] = [];
    const result = await scan('https://daily-metro-news.com/', {
      ...world.scanOptions,
      extendedChecks: { dns_checks: true, ip_checks: true, page_checks: true },
      reverseIpLookup: async (ip) => {
        lookedUp.push(ip);
        return ['daily-metro-news.com', 'sunny-garden-blog.com'];
      },
    });
    expect(checkResultSchema.parse(result)).toEqual(result);
    expect(lookedUp).toEqual(['127.0.0.1']);
    expect(result.ip_checks?.reverse_ip_lookup).toEqual({ title: 'Other domains on 127.0.0.1', result: ['sunny-garden-blog.com'] });
    expect(result.ip_checks?.as_lookup.result).toBe('Unknown');
    expect(result.dns_checks?.dns_lookup.result).toEqual(['A 127.0.0.1 (TTL 1)']);
    expect(result.page_checks).toContain('https://daily-metro-news.com/sport/');
    expect(result.checks.map((category) => category.category)).toEqual(expect.arrayContaining(['DNS Records', 'IP Reputation']));
  });

  it('leaves out groups that were not requested or found nothing', async () => {
    const result = await scan('https://daily-metro-news.com/', { ...world.scanOptions, extendedChecks: { ip_checks: true } });
    expect(result.ip_checks).toBeUndefined();
    expect(result.dns_checks).toBeUndefined();
    expect(result.page_checks).toBeUndefined();
    expect(result.checks.map((category) => category.category)).toContain('IP Reputation');
    expect(result.checks.map((category) => category.category)).not.toContain('DNS Records');
  });
});
