import { createVerdictEngine, hostParts, isPlatformHost, isVerdictError } from '@riskscan/scanner';
import { probeHalf, probeUrls } from './corpus/probe-sources.ts';
import { readUrlCorpus } from './url-corpus.ts';

/**
 * False alarms of the shipped engine (allowlist and popularity prior included, no reputation) on
 * the probe families (`corpus/probe-sources.ts`): ordinary URLs of kinds the corpus lacks, never
 * trained or tuned on. Domains the corpus trains or validates on are left out, so what is measured
 * is how the verdict generalises. `npx tsx bench/verdict/probe.ts` (`--show` lists each false
 * alarm of the dev half with its reasons; `--family x` keeps the families whose name starts with x).
 *
 * Each family is split in two by a hash of the registrable domain: `dev`, whose false alarms may
 * be read to find their causes, and `check`, whose URLs nobody reads, so its figures say whether
 * a fix made on the dev half generalises. Both are reported.
 */
const show = process.argv.includes('--show');
const only = process.argv.includes('--family') ? process.argv[process.argv.indexOf('--family') + 1] : null;
// Sources issue 35 reserves for the evaluators: never read, so a link to them is dropped too.
const RESERVED_HOSTS =
  /(^|\.)(ycombinator\.com|urlscan\.io|openphish\.com|phisheye\.|tweetfeed\.live)|github\.com\/(ruanyf\/weekly|rf-peixoto\/phishing_pot)/i;

/**
 * What a probe URL is held out and split by: its registrable domain, or on a user-content
 * platform's own host (`raw.githubusercontent.com`) the tenant its path names, since the platform
 * is everyone's.
 */
function probeDomain(url: URL): string | null {
  if (!isPlatformHost(url.hostname)) return hostParts(url.hostname).domain;
  return `${url.hostname}/${url.pathname.split('/')[1] ?? ''}`;
}

const seen = new Set<string>();
for (const row of readUrlCorpus()) {
  if (row.split === 'eval') continue;
  const domain = URL.canParse(row.url) ? probeDomain(new URL(row.url)) : null;
  if (domain) seen.add(domain);
}

const engine = createVerdictEngine();
type Tally = { urls: number; domains: Set<string>; at60: number; at80: number; at90: number; reasons: Map<string, number> };
type Halves = Record<'dev' | 'check', Tally>;
const tally = (): Tally => ({ urls: 0, domains: new Set(), at60: 0, at80: 0, at90: 0, reasons: new Map() });
const tallies = new Map<string, Halves>();
const skipped = { trained: 0, reserved: 0, invalid: 0 };
const unique = new Set<string>();
for (const { url, family } of probeUrls()) {
  if (only && !family.startsWith(only)) continue;
  if (!URL.canParse(url) || unique.has(url)) {
    skipped.invalid++;
    continue;
  }
  unique.add(url);
  if (RESERVED_HOSTS.test(url)) {
    skipped.reserved++;
    continue;
  }
  const domain = probeDomain(new URL(url));
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
  let halves = tallies.get(family);
  if (!halves) tallies.set(family, (halves = { dev: tally(), check: tally() }));
  const half = probeHalf(domain);
  const t = halves[half];
  t.urls++;
  t.domains.add(domain);
  const score = verdict.risk_score;
  if (score < 60) continue;
  t.at60++;
  if (score >= 80) t.at80++;
  if (score >= 90) t.at90++;
  for (const reason of verdict.reasons) t.reasons.set(reason.code, (t.reasons.get(reason.code) ?? 0) + 1);
  if (show && half === 'dev')
    console.log(`${score}\t${family}\t${url}\t${verdict.reasons.map((r) => `${r.code}:${r.risk_score}`).join(' ')}`);
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const rates = (t: Tally) => `${pct(t.at60, t.urls).padStart(6)} ${pct(t.at80, t.urls).padStart(5)} ${pct(t.at90, t.urls).padStart(5)}`;
console.log(`skipped: ${JSON.stringify(skipped)}`);
console.log(
  `${'family'.padEnd(26)} ${'dev URLs'.padStart(8)} ${'>=60'.padStart(6)} ${'>=80'.padStart(5)} ${'>=90'.padStart(5)}  ${'check URLs'.padStart(10)} ${'>=60'.padStart(6)} ${'>=80'.padStart(5)} ${'>=90'.padStart(5)}   reasons of the dev half's false alarms`,
);
const all: Halves = { dev: tally(), check: tally() };
for (const [family, halves] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
  for (const half of ['dev', 'check'] as const) {
    all[half].urls += halves[half].urls;
    all[half].at60 += halves[half].at60;
    all[half].at80 += halves[half].at80;
    all[half].at90 += halves[half].at90;
  }
  const reasons = [...halves.dev.reasons]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  console.log(
    `${family.padEnd(26)} ${String(halves.dev.urls).padStart(8)} ${rates(halves.dev)}  ${String(halves.check.urls).padStart(10)} ${rates(halves.check)}   ${reasons}`,
  );
}
console.log(
  `${'all'.padEnd(26)} ${String(all.dev.urls).padStart(8)} ${rates(all.dev)}  ${String(all.check.urls).padStart(10)} ${rates(all.check)}`,
);
// The fresh probes of sessions 12 to 21, each built before any tuning, summed apart from the rest.
for (const prefix of [
  'fresh-',
  'third-',
  'fourth-',
  'fifth-',
  'sixth-',
  'seventh-',
  'eighth-',
  'ninth-',
  'tenth-',
  'eleventh-',
  'twelfth-',
  'thirteenth-',
  'fourteenth-',
]) {
  const group = [...tallies].filter(([family]) => family.startsWith(prefix)).map(([, halves]) => halves);
  const sum = (half: 'dev' | 'check', key: 'urls' | 'at60') => group.reduce((total, halves) => total + halves[half][key], 0);
  if (group.length)
    console.log(
      `${`${prefix}* together`.padEnd(26)} ${String(sum('dev', 'urls')).padStart(8)} ${pct(sum('dev', 'at60'), sum('dev', 'urls')).padStart(6)} (${sum('dev', 'at60')})  ${String(sum('check', 'urls')).padStart(10)} ${pct(sum('check', 'at60'), sum('check', 'urls')).padStart(6)} (${sum('check', 'at60')})`,
    );
}
const both = all.dev.urls + all.check.urls;
console.log(
  `both halves: ${both} URLs, ${pct(all.dev.at60 + all.check.at60, both)} at >= 60 (${all.dev.at60 + all.check.at60}: dev ${all.dev.at60}, check ${all.check.at60})`,
);
