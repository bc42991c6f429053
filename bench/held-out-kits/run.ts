/**
 * Held-out kit evaluation (issue 36): full scans with Chromium over https, under the sites' own
 * names, of `fixtures/held-out-sites/`: kits and honest pages written blind, without reading the
 * detectors' word lists, and kept out of the page model's training set (`bench/page-model` reads
 * `fixtures/sites` only). Prints one line per page: the full scan's score, the lookup's score for
 * the same address, the strongest page-side rule (what the page alone shows, whatever its
 * address), and the details at 40 or more (or the three strongest when none reaches 40); then the counts the issue asks for. `--sites <folder>`
 * runs another folder of the fixture format instead (a blind set such as `fixtures/blind-sites-2`);
 * its `support` sites are hops of a kit's chain, scanned only through the kit that leads there.
 *
 *   npx tsx bench/held-out-kits/run.ts [--sites <folder>] [host-substring]
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createVerdictEngine, isVerdictError, scan } from '@riskscan/scanner';
import { loadFixtureSites, startChromiumFixtureWorld } from '@riskscan/scanner/testing';

const { values, positionals } = parseArgs({ options: { sites: { type: 'string' } }, allowPositionals: true });
const SITES_DIR = values.sites ? resolve(values.sites) : fileURLToPath(new URL('../../fixtures/held-out-sites/', import.meta.url));
const FLAGGED = 40;
const only = positionals[0];

const sites = loadFixtureSites(SITES_DIR).filter((site) => site.manifest.kind !== 'support' && (!only || site.host.includes(only)));
const world = await startChromiumFixtureWorld({ sitesDir: SITES_DIR });
const lookup = createVerdictEngine();

const PAGE_RULES_MINIMUM = 60;
const rows: { host: string; kind: string; full: number; url: number; page: number; ms: number }[] = [];
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
  rows.push({ host: site.host, kind: site.manifest.kind, full: result.overall_risk, url, page, ms });
  const classes = result.classification.map((entry) => entry.name).join(',');
  console.log(
    `${site.manifest.kind === 'malicious' ? 'KIT   ' : 'HONEST'} ${String(result.overall_risk).padStart(3)} (lookup ${String(url).padStart(3)}, page rules ${String(page).padStart(3)}) ${site.host} [${classes}] ${strong.join(' ')}`,
  );
}
await world.close();

const kits = rows.filter((row) => row.kind === 'malicious');
const honest = rows.filter((row) => row.kind === 'benign');
const below = kits.filter((row) => row.full < row.url);
const sortedMs = rows.map((row) => row.ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      kitsFlagged: `${kits.filter((row) => row.full >= FLAGGED).length} of ${kits.length}`,
      honestAbove39: `${honest.filter((row) => row.full >= FLAGGED).length} of ${honest.length}`,
      kitsRiskyByPageRulesAlone: `${kits.filter((row) => row.page >= PAGE_RULES_MINIMUM).length} of ${kits.length}`,
      honestPageRulesAbove39: honest.filter((row) => row.page >= FLAGGED).map((row) => row.host),
      kitsFullBelowLookup: below.map((row) => `${row.host} ${row.full} < ${row.url}`),
      p50Ms: sortedMs[Math.floor(sortedMs.length / 2)],
    },
    null,
    2,
  ),
);
