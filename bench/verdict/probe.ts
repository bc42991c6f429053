import { createVerdictEngine, hostParts, isVerdictError } from '@riskscan/scanner';
import { probeUrls } from './corpus/probe-sources.ts';
import { readUrlCorpus } from './url-corpus.ts';

/**
 * False alarms of the shipped engine (allowlist and popularity prior included, no reputation) on
 * the probe families (`corpus/probe-sources.ts`): ordinary URLs of kinds the corpus lacks, never
 * trained or tuned on. Domains the corpus trains or validates on are left out, so what is measured
 * is how the verdict generalises. `npm run probe:verdict` (`--show` lists each false alarm with
 * its reasons; `--family x` keeps one family).
 */
const show = process.argv.includes('--show');
const only = process.argv.includes('--family') ? process.argv[process.argv.indexOf('--family') + 1] : null;
// Sources issue 35 reserves for the evaluators: never read, so a link to them is dropped too.
const RESERVED_HOSTS =
  /(^|\.)(ycombinator\.com|urlscan\.io|openphish\.com|phisheye\.|tweetfeed\.live)|github\.com\/(ruanyf\/weekly|rf-peixoto\/phishing_pot)/i;

const seen = new Set<string>();
for (const row of readUrlCorpus()) {
  if (row.split === 'eval') continue;
  const domain = URL.canParse(row.url) ? hostParts(new URL(row.url).hostname).domain : null;
  if (domain) seen.add(domain);
}

const engine = createVerdictEngine();
type Tally = { urls: number; domains: Set<string>; at60: number; at80: number; at90: number; reasons: Map<string, number> };
const tallies = new Map<string, Tally>();
const skipped = { trained: 0, reserved: 0, invalid: 0 };
const unique = new Set<string>();
for (const { url, family } of probeUrls()) {
  if (only && family !== only) continue;
  if (!URL.canParse(url) || unique.has(url)) {
    skipped.invalid++;
    continue;
  }
  unique.add(url);
  if (RESERVED_HOSTS.test(url)) {
    skipped.reserved++;
    continue;
  }
  const domain = hostParts(new URL(url).hostname).domain;
  if (!domain) {
    skipped.invalid++;
    continue;
  }
  if (seen.has(domain)) {
    skipped.trained++;
    continue;
  }
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) continue;
  let tally = tallies.get(family);
  if (!tally) tallies.set(family, (tally = { urls: 0, domains: new Set(), at60: 0, at80: 0, at90: 0, reasons: new Map() }));
  tally.urls++;
  tally.domains.add(domain);
  const score = verdict.risk_score;
  if (score < 60) continue;
  tally.at60++;
  if (score >= 80) tally.at80++;
  if (score >= 90) tally.at90++;
  for (const reason of verdict.reasons) tally.reasons.set(reason.code, (tally.reasons.get(reason.code) ?? 0) + 1);
  if (show) console.log(`${score}\t${family}\t${url}\t${verdict.reasons.map((r) => `${r.code}:${r.risk_score}`).join(' ')}`);
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
console.log(`skipped: ${JSON.stringify(skipped)}`);
console.log('family                          URLs  domains   >= 60    >= 80   >= 90   reasons of the false alarms');
let urls = 0;
let flagged = 0;
for (const [family, t] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  urls += t.urls;
  flagged += t.at60;
  const reasons = [...t.reasons]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  console.log(
    `${family.padEnd(30)} ${String(t.urls).padStart(5)} ${String(t.domains.size).padStart(8)} ${pct(t.at60, t.urls).padStart(7)} ${pct(t.at80, t.urls).padStart(8)} ${pct(t.at90, t.urls).padStart(7)}   ${reasons}`,
  );
}
console.log(`${'all'.padEnd(30)} ${String(urls).padStart(5)} ${''.padStart(8)} ${pct(flagged, urls).padStart(7)}`);
