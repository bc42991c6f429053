import { brandCatalogue, createVerdictEngine, isVerdictError } from '@riskscan/scanner';
import { readUrlCorpus } from './url-corpus.ts';

/**
 * The crypto share of April-May (validation) and June (held out) phishing and how much of it the
 * URL verdict catches at >= 60. "Crypto" is defined from the catalogue, never from the rows: a
 * crypto-sector brand's token or own name in the URL, or a wallet/DeFi lure word.
 * Run: `npx tsx bench/verdict/crypto-share.ts` (add `--misses` to list the misses).
 */
const FLAG = 60;
// Wallet and DeFi lure words of the drainer and seed-phrase kits (sync, restore, validate, revoke).
const LURES = [
  'wallet',
  'airdrop',
  'metamask',
  'seedphrase',
  'defi',
  'dapp',
  'web3',
  'crypto',
  'bitcoin',
  'ethereum',
  'nft',
  'token',
  'staking',
  'walletconnect',
  'revoke',
  'rectif',
];
const names = new Set<string>(LURES);
for (const brand of brandCatalogue().brands) {
  if (brand.sector !== 'crypto') continue;
  for (const token of brand.tokens) names.add(token);
  // A curated brand's own label is its name even when the catalogue keeps it out of the tokens as
  // an everyday word (`ledger`, `kraken`, `phantom`); icon-only labels (`world`) are left out.
  const name = brand.name.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (brand.curated && name.length >= 5 && brand.domains.some((domain) => domain.split('.')[0] === name)) names.add(name);
}
const isCrypto = (url: string) => {
  const text = url.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const name of names) if (text.includes(name)) return true;
  return false;
};
const engine = createVerdictEngine();
const scoreOf = (url: string) => {
  const verdict = engine.verdict(url);
  return isVerdictError(verdict) ? 0 : verdict.risk_score;
};
const rows = readUrlCorpus().filter((row) => row.label === 1 && (row.split === 'valid' || row.split === 'eval'));
for (const [split, title] of [
  ['valid', 'April-May'],
  ['eval', 'June'],
] as const) {
  const slice = rows.filter((row) => row.split === split);
  const crypto = slice.filter((row) => isCrypto(row.url)).map((row) => ({ ...row, score: scoreOf(row.url) }));
  const caught = crypto.filter((row) => row.score >= FLAG);
  console.log(
    `${title}: ${crypto.length} of ${slice.length} phishing URLs are crypto (${((100 * crypto.length) / slice.length).toFixed(1)}%); caught at >= ${FLAG}: ${caught.length} (${((100 * caught.length) / Math.max(1, crypto.length)).toFixed(1)}%)`,
  );
  if (process.argv.includes('--misses'))
    for (const row of crypto.filter((r) => r.score < FLAG)) console.log(`  missed ${split} ${row.score} ${row.family} ${row.url}`);
}
