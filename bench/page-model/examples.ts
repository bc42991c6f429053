import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildCheckContext, pageSignals } from '@riskscan/scanner';
import { collectedFor, HARNESS_NOW, loadFixtureSites } from '@riskscan/scanner/testing';
import { askingPage, type PublicKitSource } from './public-kits/kit-set.ts';
import { RECONSTRUCTED } from './reconstructed.ts';

/** The folders of public kits (`public-kits/build.ts`, `public-kits/build-2.ts`), each a source of its own. */
const PUBLIC_KIT_SETS = [
  { dir: new URL('../../fixtures/public-kits/', import.meta.url).pathname, source: 'public kits', kind: 'public kit' },
  {
    dir: new URL('../../fixtures/public-kits-2/', import.meta.url).pathname,
    source: 'public kits, second set',
    kind: 'public kit, second set,',
  },
] as const;

/**
 * One page the model learns from: its page-detail scores, whether it deceives, its kind for the
 * report, where it comes from and the language it is written in (its `<html lang>`), by which the
 * held-out evaluation splits.
 */
export interface Example {
  name: string;
  kind: string;
  label: 0 | 1;
  values: number[];
  source: 'fixture sites' | 'reconstructed pages' | (typeof PUBLIC_KIT_SETS)[number]['source'];
  language: string;
}

/** The page's declared language, its primary subtag (`pt-BR` is `pt`); `none` when it declares none. */
export function languageOf(html: string): string {
  return /<html\b[^>]*\blang\s*=\s*["']?([a-z]{2,3})/i.exec(html)?.[1]?.toLowerCase() ?? 'none';
}

const PAGE_KINDS = new Set(['Phishing', 'Scam', 'Malware', 'Crypto drainer']);

function valuesOf(url: string, html: string): number[] {
  const collected = collectedFor({ url, html });
  return pageSignals(collected, buildCheckContext(collected, HARNESS_NOW)).values;
}

/** The entry page's file, found as the fixture server finds it; null for redirects and missing pages. */
function entryHtml(dir: string, entryUrl: string): string | null {
  const relative = decodeURIComponent(new URL(entryUrl).pathname).replace(/^\/+/, '');
  const candidates = relative === '' ? ['index.html'] : [relative, `${relative}.html`, path.join(relative, 'index.html')];
  const file = candidates.map((name) => path.join(dir, 'public', name)).find((name) => existsSync(name) && name.endsWith('.html'));
  return file ? readFileSync(file, 'utf8') : null;
}

/** Whether the page is one of a public kit set's (judged, never trained on: decision 515). */
export const isPublicKit = (example: Example): boolean => PUBLIC_KIT_SETS.some((set) => set.source === example.source);

/**
 * The kits of a folder of public collections (built by `public-kits/build.ts` or `build-2.ts`):
 * each kit's credential page on the stranger's host it is served from (a "vote" kit's second step,
 * the page that asks), and, when the page it copied has a public home, the same page on the host
 * of the brand it copies, where it is the owner's own sign-in page and honest. The language is the
 * one the collection names the page in, else its `<html lang>`.
 */
function publicKitExamples({ dir, source, kind }: (typeof PUBLIC_KIT_SETS)[number]): Example[] {
  const kits = JSON.parse(readFileSync(path.join(dir, 'kits.json'), 'utf8')) as PublicKitSource[];
  return kits.flatMap((kit) => {
    const page = kit.step ?? kit.entry;
    const html = askingPage(dir, kit);
    const language = kit.language ?? languageOf(html);
    const examples: Example[] = [
      {
        name: kit.host,
        kind: `${kind} (stranger's host)`,
        label: 1,
        values: valuesOf(`https://${kit.host}${page}`, html),
        source,
        language,
      },
    ];
    if (kit.owner !== null)
      examples.push({
        name: `${kit.owner} (${kit.kit})`,
        kind: `${kind} page on its owner's host`,
        label: 0,
        values: valuesOf(`https://${kit.owner}${page}`, html),
        source,
        language,
      });
    return examples;
  });
}

/**
 * The fixture sites whose verdict rests on the page (malicious ones expected as Phishing, Scam,
 * Malware or Crypto drainer; every benign one), the reconstructed pages, and (with
 * `publicKits`) both sets of public kits and their pages on their owners' hosts.
 */
export function pageExamples({ publicKits = true }: { publicKits?: boolean } = {}): Example[] {
  const examples: Example[] = [];
  for (const site of loadFixtureSites()) {
    // Support hosts serve others; a cloaking host's address shows a harmless page or a lure depending on who asks.
    if (site.manifest.kind === 'support' || site.manifest.kind === 'cloaking') continue;
    // Its static page shows no harm (the harm is in a frame or behind a timed hop): no example of either kind.
    if (site.manifest.browserOnly) continue;
    const expected = site.manifest.expectedClassification ?? 'Benign';
    if (site.manifest.kind === 'malicious' && !PAGE_KINDS.has(expected)) continue;
    const html = entryHtml(site.dir, site.entryUrl);
    if (html === null) continue;
    examples.push({
      name: site.host,
      kind: `fixture ${expected}`,
      label: site.manifest.kind === 'malicious' ? 1 : 0,
      values: valuesOf(site.entryUrl, html),
      source: 'fixture sites',
      language: languageOf(html),
    });
  }
  for (const page of RECONSTRUCTED)
    examples.push({
      name: page.url,
      kind: `reconstructed ${page.kind}`,
      label: page.label,
      values: valuesOf(page.url, page.html),
      source: 'reconstructed pages',
      language: languageOf(page.html),
    });
  if (publicKits) for (const set of PUBLIC_KIT_SETS) examples.push(...publicKitExamples(set));
  return examples;
}
