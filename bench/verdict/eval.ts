import { createVerdictEngine, defaultUrlModel, isVerdictError } from '@riskscan/scanner';
import { readCorpus, readLines } from './corpus/corpus-split.ts';
import { heldOutEngine } from './model-setup.ts';

/**
 * Evaluates the URL verdict on the eval split of the development corpus (brands, top sites and
 * ordinary names the model was not trained on; the hard legitimate cases are never trained on):
 * ROC AUC, TPR at 1% FPR on popular and official domains, TPR and FPR at score >= 60, recall by
 * phishing family, false alarms by benign family, a calibration table, and the shipped engine's
 * scores for the examples. Run: `npm run eval:verdict` (add `--misses` for examples).
 */
const FLAG = 60;
const showMisses = process.argv.includes('--misses');
const engine = heldOutEngine();
const scoreOf = (domain: string, on = engine) => {
  const verdict = on.verdict(domain);
  return isVerdictError(verdict) ? 0 : verdict.risk_score;
};

// Benign names are scored as if nobody owned them (no allowlist, no protected domain): what an
// unknown legitimate site with such a name would get.
const model = defaultUrlModel();
const strangerScore = (domain: string) => {
  const values = engine.features(domain, { asStranger: true });
  return values ? Math.round(model.probability(values) * 100) : 0;
};
const rows = readCorpus()
  .filter((row) => row.split === 'eval')
  .map((row) => ({ ...row, score: row.label === 1 ? scoreOf(row.domain) : strangerScore(row.domain) }));
const phishing = rows.filter((row) => row.label === 1);
const benign = rows.filter((row) => row.label === 0);
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

function auc(pos: number[], neg: number[]): number {
  let wins = 0;
  const sortedNeg = [...neg].sort((a, b) => a - b);
  for (const p of pos) {
    let below = 0;
    let equal = 0;
    for (const n of sortedNeg) {
      if (n < p) below++;
      else if (n === p) equal++;
      else break;
    }
    wins += below + equal / 2;
  }
  return wins / (pos.length * neg.length);
}

const reference = benign.filter((row) => row.family === 'popular' || row.family.startsWith('official'));
const cut = [...reference.map((row) => row.score)].sort((a, b) => b - a)[Math.floor(reference.length * 0.01)] ?? 100;
console.log(`eval split: ${phishing.length} phishing, ${benign.length} benign (${new Date().toISOString().slice(0, 10)})`);
console.log(
  `ROC AUC (phishing vs all benign): ${auc(
    phishing.map((r) => r.score),
    benign.map((r) => r.score),
  ).toFixed(4)}`,
);
console.log(`TPR at FPR 1% on popular+official (score > ${cut}): ${pct(phishing.filter((r) => r.score > cut).length, phishing.length)}`);
console.log(`TPR at score >= ${FLAG}: ${pct(phishing.filter((r) => r.score >= FLAG).length, phishing.length)}`);

const byFamily = (list: typeof rows) => {
  const families = new Map<string, typeof rows>();
  for (const row of list) families.set(row.family, [...(families.get(row.family) ?? []), row]);
  return [...families.entries()].sort((a, b) => b[1].length - a[1].length);
};
console.log(`\nbenign families, flagged at >= ${FLAG}:`);
for (const [family, list] of byFamily(benign)) {
  const flagged = list.filter((r) => r.score >= FLAG);
  console.log(`  ${family.padEnd(26)} ${String(list.length).padStart(5)}  ${pct(flagged.length, list.length).padStart(6)}`);
  if (showMisses) for (const row of flagged.slice(0, 8)) console.log(`      false alarm ${row.score} ${row.domain}`);
}
console.log(`\nphishing families, caught at >= ${FLAG}:`);
for (const [family, list] of byFamily(phishing)) {
  const missed = list.filter((r) => r.score < FLAG);
  console.log(`  ${family.padEnd(26)} ${String(list.length).padStart(5)}  ${pct(list.length - missed.length, list.length).padStart(6)}`);
  if (showMisses) for (const row of missed.slice(0, 5)) console.log(`      missed ${row.score} ${row.domain}`);
}

console.log('\ncalibration (eval split, score band: share that is phishing):');
for (let low = 0; low < 100; low += 10) {
  const band = rows.filter((r) => r.score >= low && r.score < low + 10);
  if (band.length > 0)
    console.log(
      `  ${String(low).padStart(2)}-${low + 9}: ${String(band.length).padStart(5)} URLs, ${pct(band.filter((r) => r.label === 1).length, band.length)} phishing`,
    );
}

const shipped = createVerdictEngine();
console.log('\nthe shipped engine (full catalogue and allowlist):');
const hardLegit = readLines(new URL('./corpus/hard-legit.txt', import.meta.url));
const legitFlagged = hardLegit.filter((domain) => scoreOf(domain, shipped) >= FLAG);
console.log(
  `  hard legitimate cases flagged: ${pct(legitFlagged.length, hardLegit.length)} of ${hardLegit.length} ${legitFlagged.join(' ')}`,
);
// Hand-written well-known sites, scored both as strangers' domains and by the shipped engine.
const wellKnown = readLines(new URL('./corpus/well-known.txt', import.meta.url));
const wellKnownStrangers = wellKnown.filter((domain) => strangerScore(domain) >= FLAG);
const wellKnownShipped = wellKnown.filter((domain) => scoreOf(domain, shipped) >= FLAG);
console.log(
  `  well-known sites flagged: ${pct(wellKnownShipped.length, wellKnown.length)} of ${wellKnown.length} ${wellKnownShipped.join(' ')}`,
);
console.log(
  `  well-known sites flagged as strangers' domains (no allowlist): ${pct(wellKnownStrangers.length, wellKnown.length)} ${wellKnownStrangers.join(' ')}`,
);
for (const example of [
  'myetherwa11et.com',
  'unisvvap.org',
  'ledger-live-restore.net',
  'elon-eth-giveaway.org',
  'netfiix-billing-update.com',
  'kraken-verify-account.co',
  'walletconnect-sync.web.app',
  'metamask.io',
  'ledger.com',
  'kraken.com',
  'uniswap.org',
  'paypal.com',
])
  console.log(`  ${String(scoreOf(example, shipped)).padStart(3)} ${example}`);
