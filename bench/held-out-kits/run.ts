/**
 * Held-out kit evaluation (issue 36): full scans with Chromium over https, under the sites' own
 * names, of `fixtures/held-out-sites/`: kits and honest pages written blind, without reading the
 * detectors' word lists, and kept out of the page model's training set (`bench/page-model` reads
 * `fixtures/sites` only). Prints one line per page: the full scan's score, the lookup's score for
 * the same address, the strongest page-side rule (what the page alone shows, whatever its
 * address), and the details at 40 or more (or the three strongest when none reaches 40); then the counts the issue asks for. `--sites <folder>`
 * runs another folder of the fixture format instead (a blind set such as `fixtures/blind-sites-2`);
 * its `support` sites are hops of a kit's chain, scanned only through the kit that leads there.
 * `--sites` may be given several times: the folders are scanned one after the other.
 *
 * `--compare` adds the check "a full scan never rates a kit lower than the lookup rates its
 * address": a table of full against lookup per folder, the kits where the full scan is lower, and
 * an exit code of 1 when there is one.
 *
 *   npx tsx bench/held-out-kits/run.ts [--sites <folder>]... [--compare] [host-substring]
 */
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createVerdictEngine, isVerdictError, scan } from '@riskscan/scanner';
import { loadFixtureSites, startChromiumFixtureWorld } from '@riskscan/scanner/testing';

const { values, positionals } = parseArgs({
  options: { sites: { type: 'string', multiple: true }, compare: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const SITES_DIRS = values.sites?.length
  ? values.sites.map((folder) => resolve(folder))
  : [fileURLToPath(new URL('../../fixtures/held-out-sites/', import.meta.url))];
const FLAGGED = 40;
const PAGE_RULES_MINIMUM = 60;
const only = positionals[0];
const lookup = createVerdictEngine();

interface Row {
  set: string;
  host: string;
  kind: string;
  full: number;
  url: number;
  page: number;
  ms: number;
}

async function scanFolder(sitesDir: string): Promise<Row[]> {
  const set = basename(sitesDir);
  const sites = loadFixtureSites(sitesDir).filter((site) => site.manifest.kind !== 'support' && (!only || site.host.includes(only)));
  const world = await startChromiumFixtureWorld({ sitesDir });
  const rows: Row[] = [];
  for (const site of sites) {
    const started = performance.now();
    const result = await scan(site.entryUrl, world.fullScanOptions);
    const ms = Math.round(performance.now() - started);
    const verdict = lookup.verdict(site.entryUrl);
    if (isVerdictError(verdict)) throw new Error(`${site.entryUrl}: ${verdict.error}`);
    const url = verdict.risk_score;
    const details = result.checks.flatMap((category) => category.details);
    // The learned model reads the address's findings too: the page side alone is its rules.
    const page = Math.max(
      0,
      ...details.filter((detail) => detail.side === 'page' && detail.name !== 'page_model').map((detail) => detail.risk_score),
    );
    // A score made of weak findings only (noisy-OR, capped) shows its three strongest instead.
    const found = details.filter((detail) => detail.risk_score > 0).sort((a, b) => b.risk_score - a.risk_score);
    const atFlag = found.filter((detail) => detail.risk_score >= FLAGGED);
    const strong = (atFlag.length > 0 ? atFlag : found.slice(0, 3)).map((detail) => `${detail.name}=${detail.risk_score}`);
    rows.push({ set, host: site.host, kind: site.manifest.kind, full: result.overall_risk, url, page, ms });
    const classes = result.classification.map((entry) => entry.name).join(',');
    console.log(
      `${site.manifest.kind === 'malicious' ? 'KIT   ' : 'HONEST'} ${String(result.overall_risk).padStart(3)} (lookup ${String(url).padStart(3)}, page rules ${String(page).padStart(3)}) ${site.host} [${classes}] ${strong.join(' ')}`,
    );
  }
  await world.close();
  return rows;
}

function summary(rows: readonly Row[]) {
  const kits = rows.filter((row) => row.kind === 'malicious');
  const honest = rows.filter((row) => row.kind === 'benign');
  const sortedMs = rows.map((row) => row.ms).sort((a, b) => a - b);
  return {
    kitsFlagged: `${kits.filter((row) => row.full >= FLAGGED).length} of ${kits.length}`,
    honestAbove39: `${honest.filter((row) => row.full >= FLAGGED).length} of ${honest.length}`,
    kitsRiskyByPageRulesAlone: `${kits.filter((row) => row.page >= PAGE_RULES_MINIMUM).length} of ${kits.length}`,
    honestPageRulesAbove39: honest.filter((row) => row.page >= FLAGGED).map((row) => row.host),
    kitsFullBelowLookup: kits.filter((row) => row.full < row.url).map((row) => `${row.host} ${row.full} < ${row.url}`),
    p50Ms: sortedMs[Math.floor(sortedMs.length / 2)],
  };
}

/** Full scan against lookup, one line per folder (markdown), and the kits the full scan rates lower. */
function comparison(rows: readonly Row[]): { table: string; below: Row[] } {
  const lines = [
    '| set | kits | full >= lookup | full < lookup | lowest full - lookup | honest pages | honest: full < lookup (the page clears the address) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const set of [...new Set(rows.map((row) => row.set))]) {
    const kits = rows.filter((row) => row.set === set && row.kind === 'malicious');
    const honest = rows.filter((row) => row.set === set && row.kind === 'benign');
    const below = kits.filter((row) => row.full < row.url);
    const margin = Math.min(...kits.map((row) => row.full - row.url));
    lines.push(
      `| ${set} | ${kits.length} | ${kits.length - below.length} | ${below.length} | ${kits.length > 0 ? margin : '-'} | ${honest.length} | ${honest.filter((row) => row.full < row.url).length} |`,
    );
  }
  return { table: lines.join('\n'), below: rows.filter((row) => row.kind === 'malicious' && row.full < row.url) };
}

const rows: Row[] = [];
for (const folder of SITES_DIRS) {
  const scanned = await scanFolder(folder);
  rows.push(...scanned);
  console.log(JSON.stringify(SITES_DIRS.length > 1 ? { set: basename(folder), ...summary(scanned) } : summary(scanned), null, 2));
}
if (values.compare) {
  const { table, below } = comparison(rows);
  console.log(`\n${table}\n`);
  for (const row of below) console.log(`FULL BELOW LOOKUP ${row.set} ${row.host}: full ${row.full} < lookup ${row.url}`);
  if (below.length > 0) process.exitCode = 1;
}
