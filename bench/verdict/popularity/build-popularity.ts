import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { hostParts } from '@riskscan/scanner';

/**
 * Rebuilds the popularity prior the verdict ships (`packages/scanner/src/popularity/popular-domains.json`)
 * from a public top-sites ranking: registrable domains in rank order, duplicates (a ranking's
 * subdomains of one domain) and platform suffixes dropped, at most `--limit` of them (100,000 by
 * default, which keeps the file a few megabytes).
 *
 * Run: `npm run popularity:verdict -- <ranking.csv> --list "<name and id>" --date YYYY-MM-DD --licence "<licence>" --url <where from>`
 * The ranking is `rank,domain` (Tranco), Majestic's `GlobalRank,TldRank,Domain,...` or one domain
 * a line. A server reads a newer list without a rebuild: POPULARITY_LIST_URL or POPULARITY_LIST_FILE.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
const file = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) throw new Error('usage: build-popularity.ts <ranking file> --list ... --date ... --licence ... --url ...');
const limit = Number(option('limit', '100000'));

const lines = readFileSync(file, 'utf8').split('\n');
const header = lines[0]!.toLowerCase().split(',');
const named = header.indexOf('domain');
const column = named >= 0 ? named : header.length > 1 && /^\d+$/.test(header[0]!.trim()) ? 1 : 0;
const domains: string[] = [];
const seen = new Set<string>();
for (const line of lines.slice(named >= 0 ? 1 : 0)) {
  const raw = line.split(',')[column]?.trim().toLowerCase();
  if (!raw || !/^[a-z0-9.-]+$/.test(raw)) continue;
  const domain = hostParts(raw).domain;
  if (!domain || seen.has(domain)) continue;
  seen.add(domain);
  domains.push(domain);
  if (domains.length >= limit) break;
}
const data = {
  list: option('list', 'unknown'),
  date: option('date', 'unknown'),
  licence: option('licence', 'unknown'),
  url: option('url', ''),
  domains: domains.join('\n'),
};
const out = new URL('../../../packages/scanner/src/popularity/popular-domains.json', import.meta.url);
writeFileSync(out, await format(JSON.stringify(data), { parser: 'json', ...(await resolveConfig(out)) }));
console.log(`${domains.length} registrable domains from ${file} (${data.list}, ${data.date})`);
