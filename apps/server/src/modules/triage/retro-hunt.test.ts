import { createVerdictEngine } from '@riskscan/scanner';
import { describe, expect, it } from 'vitest';
import type { FlaggedVisit, Verdict, VerdictError } from '@riskscan/contracts';
import { logReader } from './log-formats.ts';
import { JUDGE_SLICE, retroHunt } from './retro-hunt.ts';

const engine = createVerdictEngine();

async function* linesOf(lines: string[]): AsyncGenerator<string> {
  yield* lines;
}

describe('retroHunt', () => {
  it('judges a chunk of many new hosts in slices, letting the event loop run between them', async () => {
    const hosts = Array.from({ length: 2 * JUDGE_SLICE + 10 }, (_, i) => `site-${i}.example-store.com`);
    const lines = hosts.map(
      (host, i) => `${1763980000 + i}.000 120 10.0.0.1 TCP_MISS/200 512 GET http://${host}/ - HIER_DIRECT/198.51.100.9 text/html`,
    );
    // A timer set before the hunt stands for another request waiting on the loop.
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const calls: { size: number; timerRan: boolean }[] = [];
    const summary = await retroHunt(linesOf(lines), {
      reader: logReader('squid'),
      format: 'squid',
      judge: async (urls) => {
        calls.push({ size: urls.length, timerRan });
        return urls.map((url) => engine.verdict(url));
      },
      onFlagged: () => {},
    });
    expect(summary.hosts).toBe(hosts.length);
    expect(calls.map((call) => call.size)).toEqual([JUDGE_SLICE, JUDGE_SLICE, 10]);
    // The waiting timer had its turn before the chunk's last slice was judged (one call for the
    // whole chunk would have held it until the end).
    expect(calls.at(-1)!.timerRan).toBe(true);
  });

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

  it('judges the full URL where the log has it, so phishing on a shared host is flagged; counts lines without a host apart', async () => {
    // The URL verdict as the lookup gives it: Danger for the phishing form's address (a listing), whose host alone is a
    // trusted one; the honest document is judged by the real verdict.
    const lookup = (url: string): Verdict | VerdictError =>
      url.includes('/forms/d/e/phish/')
        ? {
            url,
            basis: 'address',
            risk_score: 93,
            risk_level: 'Danger',
            classification: ['Phishing'],
            reasons: [{ code: 'path_lure', message: 'A phishing form.', risk_score: 93 }],
          }
        : engine.verdict(url);
    const lines = [
      '1763980000.000 120 10.0.0.1 TCP_MISS/200 512 GET https://docs.google.com/forms/d/e/phish/viewform - HIER_DIRECT/198.51.100.9 text/html',
      '1763980001.000 120 10.0.0.1 TCP_MISS/200 512 GET https://docs.google.com/document/d/honest/edit - HIER_DIRECT/198.51.100.9 text/html',
      '1763980002.000 120 10.0.0.1 TCP_TUNNEL/200 512 CONNECT docs.google.com:443 - HIER_DIRECT/198.51.100.9 -',
      '1763980003.000 120 10.0.0.1 TCP_MISS/200 512 GET /no/host/here - HIER_NONE/- text/html',
    ];
    const judged: string[] = [];
    const flagged: FlaggedVisit[] = [];
    const summary = await retroHunt(linesOf(lines), {
      reader: logReader('squid'),
      format: 'squid',
      judge: async (urls) => {
        judged.push(...urls);
        return urls.map(lookup);
      },
      onFlagged: (visit) => {
        flagged.push(visit);
      },
    });
    expect(judged).toEqual([
      'https://docs.google.com/forms/d/e/phish/viewform',
      'https://docs.google.com/document/d/honest/edit',
      // A CONNECT has no path: its host is all there is to judge.
      'docs.google.com:443',
    ]);
    expect(flagged.map((visit) => visit.url)).toEqual(['https://docs.google.com/forms/d/e/phish/viewform']);
    expect(summary).toMatchObject({ visits: 3, unparsed: 0, skipped: { no_host: 1, unreadable: 0 } });
  });
});
