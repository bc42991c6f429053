import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenignUrl } from './benign-sources.ts';

/**
 * Honest URLs of ordinary organisations (companies' own sites, registries, hosting firms, public
 * bodies), not of documentation hosts: the benign side the documentation-heavy sources lack. Both
 * lists are files on this machine; nothing is downloaded.
 */

/** The `source` and `guidelines` pages of simple-icons brands: companies' press, brand and logo pages. */
export function simpleIconsUrls(root: string): BenignUrl[] {
  const file = join(root, 'node_modules/simple-icons/data/simple-icons.json');
  if (!existsSync(file)) return [];
  const data = JSON.parse(readFileSync(file, 'utf8')) as { title: string; source?: string; guidelines?: string }[];
  const found: BenignUrl[] = [];
  for (const icon of data)
    for (const url of [icon.source, icon.guidelines])
      if (url) found.push({ url, source: `simple-icons:${icon.title}`, licence: 'CC0-1.0 (simple-icons data)' });
  return found;
}

// The list's comments name each registry's policy page and, in its private section, the company
// that runs each suffix with its web site: `// Zitcom A/S : https://www.zitcom.dk`.
const PSL_URL = /^\/\/.*?(https?:\/\/[^\s,)>]+)/;

/** Web pages named in the Public Suffix List's comments (Debian's `publicsuffix` package). */
export function publicSuffixUrls(file = '/usr/share/publicsuffix/public_suffix_list.dat'): BenignUrl[] {
  if (!existsSync(file)) return [];
  const found: BenignUrl[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = PSL_URL.exec(line);
    if (match?.[1] && !match[1].includes('publicsuffix.org'))
      found.push({ url: match[1].replace(/[.;:]+$/, ''), source: 'public-suffix-list', licence: 'MPL-2.0 (Public Suffix List)' });
  }
  return found;
}

const MIRROR_URL = /^(?:#LOC:\S+\s+)?(https?:\/\/\S+)/;

/**
 * Debian and Ubuntu mirror sites listed by python-apt (`/usr/share/python-apt/templates/*.mirrors`):
 * universities, internet providers and hosting firms of many countries, each with its archive path.
 */
export function mirrorUrls(root = '/usr/share/python-apt/templates'): BenignUrl[] {
  if (!existsSync(root)) return [];
  const found: BenignUrl[] = [];
  for (const file of readdirSync(root).filter((name) => name.endsWith('.mirrors')))
    for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
      const url = MIRROR_URL.exec(line.trim())?.[1];
      if (url) found.push({ url, source: `python-apt:${file}`, licence: 'GPL-2.0+ (python-apt; mirror addresses are facts)' });
    }
  return found;
}
