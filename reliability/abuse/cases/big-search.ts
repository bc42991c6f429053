/**
 * Issue 40's search case: the most terms the API accepts (`SEARCH_MAX_TERMS`), over 500,000
 * indexed scans written straight to the index, must answer within 2 s, and twenty such searches
 * at once must not stall the API's health checks.
 */
import { SEARCH_MAX_TERMS } from '@riskscan/contracts';
import type { Db } from '@riskscan/server';
import { sql } from 'kysely';
import type { ApiCall } from './client.ts';
import { healthCell, healthProbe } from '../health-probe.ts';

export const INDEXED_SCANS = 500_000;

/** Every indexed URL is `https://www.site-<n mod 100000>.com/path/<n>`; one in ten unlisted. */
export async function fillSearchIndex(db: Db): Promise<number> {
  const started = performance.now();
  await sql`
    insert into search_scans (scan_uid, owner_id, visibility, listed, url, host, ip, asn, overall_risk, level, finished_at)
    select 'bulk-' || n, null, 'public', n % 10 <> 0,
           'https://www.site-' || (n % 100000) || '.com/path/' || n, 'www.site-' || (n % 100000) || '.com',
           '203.0.113.' || (n % 250), 64500 + n % 20, n % 100,
           (array['Secure', 'Good', 'Normal', 'Risky', 'Danger'])[1 + n % 5], now() - make_interval(secs => n)
    from generate_series(1, ${INDEXED_SCANS}) as n`.execute(db);
  await sql`
    insert into search_terms (scan_uid, kind, value)
    select 'bulk-' || n, 'domain', 'www.site-' || (n % 100000) || '.com' from generate_series(1, ${INDEXED_SCANS}) as n
    union all
    select 'bulk-' || n, 'domain', 'site-' || (n % 100000) || '.com' from generate_series(1, ${INDEXED_SCANS}) as n`.execute(db);
  await sql`analyze search_scans`.execute(db);
  await sql`analyze search_terms`.execute(db);
  return (performance.now() - started) / 1000;
}

const words = (list: string[]) => list.slice(0, SEARCH_MAX_TERMS).join(' ');

/** The shapes an attacker would try with the most terms allowed: all-matching words, no-matching words, pivots. */
export const SEARCH_SHAPES: { name: string; q: string }[] = [
  {
    name: `${SEARCH_MAX_TERMS} words every URL holds`,
    q: words(['https', 'www', 'site', 'com', 'path', 'ttp', 'tps', '://', 'ww.', '.co']),
  },
  { name: `${SEARCH_MAX_TERMS} words no URL holds`, q: words(['zqx', 'qzj', 'xjq', 'jzx', 'vqz', 'qxv', 'zvj', 'jqv', 'xzq', 'vjx']) },
  {
    name: `${SEARCH_MAX_TERMS - 1} common words and a level`,
    q: `${words(['https', 'www', 'site', 'com', 'path', 'ttp', 'tps', '://', 'ww.'])} level:danger`,
  },
  {
    name: `${SEARCH_MAX_TERMS} domain: pivots of a common domain`,
    q: Array.from({ length: SEARCH_MAX_TERMS }, () => 'domain:site-7.com').join(' '),
  },
  {
    name: `${SEARCH_MAX_TERMS + 1} words (one over the cap)`,
    q: words(['https', 'www', 'site', 'com', 'path', 'ttp', 'tps', '://', 'ww.', '.co']) + ' ath',
  },
];

export type SearchRow = { name: string; status: number; seconds: number; count: number | null };

export async function bigSearches(call: ApiCall, token: string): Promise<SearchRow[]> {
  const rows: SearchRow[] = [];
  for (const shape of SEARCH_SHAPES) {
    for (const who of ['anonymous', 'signed in'] as const) {
      const answer = await call(`/api/v1/search/?q=${encodeURIComponent(shape.q)}`, who === 'signed in' ? { token } : {});
      const count = (answer.body as { count?: number }).count ?? null;
      rows.push({ name: `${shape.name}, ${who}`, status: answer.status, seconds: answer.seconds, count });
      console.log(`search: ${shape.name}, ${who}: ${answer.status} in ${answer.seconds.toFixed(2)} s`);
    }
  }
  return rows;
}

/** Twenty of the first shape at once, anonymous, with `/livez` timed meanwhile. */
export async function searchBurst(call: ApiCall, base: string): Promise<string> {
  const stop = healthProbe(base);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => call(`/api/v1/search/?q=${encodeURIComponent(SEARCH_SHAPES[0]!.q)}`).catch(() => null)),
  );
  const seconds = (performance.now() - started) / 1000;
  const health = await stop();
  const statuses = new Map<string, number>();
  for (const answer of answers) statuses.set(String(answer?.status ?? 'error'), (statuses.get(String(answer?.status ?? 'error')) ?? 0) + 1);
  const slowest = Math.max(...answers.map((answer) => answer?.seconds ?? Infinity));
  return `${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}; all answered in ${seconds.toFixed(1)} s (slowest ${slowest.toFixed(1)} s); health ms ${healthCell(health)}`;
}
