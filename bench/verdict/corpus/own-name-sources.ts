import { readFileSync } from 'node:fs';
import { freeHostingPlatform, hostParts } from '@riskscan/scanner';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * Organisations' and people's own registrable names (issue 35, session 11, families `own-name-*`),
 * each at its home page only: what an honest name looks like, for the n-gram table own domains'
 * names are read with (decision 517). The corpus had few of them beside thousands of kits'
 * throwaway hosts, so a quiet name such as a hackerspace's or a small firm's read as a kit's.
 *
 * - `own-name-ranked`: the registrable domains of the popularity prior the verdict ships
 *   (`packages/scanner/src/popularity/popular-domains.json`: Tranco, list and date recorded in the
 *   file), from rank 1,001 on (the first thousand are mostly the catalogue's brands and their CDNs).
 *   Trained on without the prior (`url-corpus.ts`), so the n-grams, not the rank, learn the name.
 * - `own-name-isadev`: the own domains is-a-dev/register's subdomains point at (`CNAME` records
 *   that name no free platform), people's and small projects' domains (MIT).
 *
 * Neither is a source of the probe or of the representative benign set; the corpus builder leaves
 * out the probe's domains, and the usual hash of the registrable domain splits them.
 */
export function ownNameUrls(root = MIRRORS): SiteUrl[] {
  const found: SiteUrl[] = [];
  const ranked = JSON.parse(
    readFileSync(new URL('../../../packages/scanner/src/popularity/popular-domains.json', import.meta.url), 'utf8'),
  ) as { list: string; date: string; licence: string; domains: string };
  const source = `popularity prior: ${ranked.list.split(',')[0]}, ${ranked.date}`;
  for (const domain of ranked.domains.split('\n').slice(1000))
    found.push({ url: `https://${domain}/`, family: 'own-name-ranked', source, licence: ranked.licence });
  const snap = snapshot(root, 'is-a-dev+register');
  if (!snap) return found;
  const files = git(snap.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'domains'])
    .split('\n')
    .filter((file) => file.endsWith('.json'));
  const text = git(snap.dir, ['show', ...files.map((file) => `HEAD:${file}`)]);
  const seen = new Set<string>();
  for (const match of text.matchAll(/"CNAME"\s*:\s*"([^"]+)"/g)) {
    const host = match[1]!.toLowerCase().replace(/\.$/, '');
    const domain = hostParts(host).domain;
    if (!domain || seen.has(domain) || freeHostingPlatform(host) || !/^[a-z0-9.-]+$/.test(host)) continue;
    seen.add(domain);
    found.push({ url: `https://${domain}/`, family: 'own-name-isadev', source: snap.source, licence: 'MIT (is-a-dev/register)' });
  }
  return found;
}
