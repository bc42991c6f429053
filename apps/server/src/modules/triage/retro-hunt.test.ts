import { createVerdictEngine } from '@riskscan/scanner';
import { describe, expect, it } from 'vitest';
import type { FlaggedVisit } from '@riskscan/contracts';
import { logReader } from './log-formats.ts';
import { retroHunt } from './retro-hunt.ts';

const engine = createVerdictEngine();

async function* linesOf(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

describe('retroHunt', () => {
  it('keeps a bounded number of verdicts: a host that left the cache is judged again, and still flagged', async () => {
    const hosts = Array.from({ length: 300 }, (_, i) => `shop-${i}.example-store.com`);
    const lines = ['paypal-account-verify.xyz', ...hosts, ...hosts.slice(0, 10), 'paypal-account-verify.xyz'].map(
      (host, i) => `${1763980000 + i}.000 120 10.0.0.1 TCP_MISS/200 512 GET http://${host}/ - HIER_DIRECT/198.51.100.9 text/html`,
    );
    const judged: string[] = [];
    const flagged: FlaggedVisit[] = [];
    const summary = await retroHunt(linesOf(lines), {
      reader: logReader('squid'),
      format: 'squid',
      cacheHosts: 100,
      chunkVisits: 50,
      judge: async (urls) => {
        judged.push(...urls);
        return urls.map((url) => engine.verdict(url));
      },
      onFlagged: (visit) => {
        flagged.push(visit);
      },
    });
    // 301 distinct hosts, then 11 seen long before: they left the 100-verdict cache and are judged again.
    expect(summary).toMatchObject({ visits: 312, hosts: 312, flagged_visits: 2, flagged_hosts: ['paypal-account-verify.xyz'] });
    expect(flagged.map((visit) => visit.sources)).toEqual([['url-verdict'], ['url-verdict']]);
    expect(judged.filter((host) => host === 'paypal-account-verify.xyz')).toHaveLength(2);
  });
});
