import { domainToUnicode } from 'node:url';
import { deletions, editDistance, skeleton, urlFacts } from '@riskscan/scanner';

/** A watched domain as the matcher sees it. */
export type WatchedName = { monitorId: number; domain: string; keywords: readonly string[] };
export type NameMatch = { monitorId: number; domain: string; reason: 'homoglyph' | 'typo' | 'brand-token' | 'brand-subdomain' };

// Shorter labels sit one edit away from too many honest names; they match by skeleton and token only.
const MIN_TYPO_LABEL = 5;

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Matches names seen in certificate-transparency logs and newly-registered-domain lists against
 * every watched domain at once: one index of skeletons, deletion neighbourhoods and brand tokens,
 * so a name costs a few hash look-ups however many monitors there are.
 */
export class LookalikeMatcher {
  private readonly watchedDomains = new Set<string>();
  private readonly bySkeleton = new Map<string, WatchedName[]>();
  private readonly byDeletion = new Map<string, WatchedName[]>();
  private readonly byToken = new Map<string, WatchedName[]>();
  private readonly tokenLengths = new Set<number>();

  constructor(watched: readonly WatchedName[]) {
    for (const name of watched) {
      this.watchedDomains.add(name.domain);
      const label = name.domain.split('.')[0]!;
      push(this.bySkeleton, skeleton(domainToUnicode(label) || label), name);
      if (label.length >= MIN_TYPO_LABEL) for (const key of deletions(label, 1)) push(this.byDeletion, key, name);
      push(this.byToken, label, name);
      this.tokenLengths.add(label.length);
    }
  }

  get size(): number {
    return this.watchedDomains.size;
  }

  /** The watched domains `host` imitates; a watched domain and its own subdomains never match. */
  match(host: string): NameMatch[] {
    const name = host.toLowerCase().replace(/^\*\./, '').replace(/\.$/, '');
    if (!/^[a-z0-9.-]+$/.test(name) || !name.includes('.')) return [];
    const facts = urlFacts(`https://${name}/`);
    const domain = facts.registrableDomain;
    const label = facts.domainLabel?.split('.').at(-1);
    if (!domain || !label || this.watchedDomains.has(domain)) return [];
    const found = new Map<number, NameMatch>();
    const add = (
      list: readonly WatchedName[] | undefined,
      reason: NameMatch['reason'],
      accept: (watched: WatchedName) => boolean = () => true,
    ) => {
      for (const watched of list ?? [])
        if (!found.has(watched.monitorId) && accept(watched))
          found.set(watched.monitorId, { monitorId: watched.monitorId, domain, reason });
    };
    add(this.bySkeleton.get(skeleton(domainToUnicode(label) || label)), 'homoglyph');
    if (label.length >= MIN_TYPO_LABEL - 1) {
      for (const key of deletions(label, 1)) {
        add(this.byDeletion.get(key), 'typo', (watched) => editDistance(label, watched.domain.split('.')[0]!, 1) <= 1);
      }
    }
    // The brand as a word of the label (`pixelforge-login`), or glued to its start or end (`pixelforgelogin`).
    for (const token of label.split('-')) add(this.byToken.get(token), 'brand-token');
    for (const length of this.tokenLengths) {
      if (length >= MIN_TYPO_LABEL && length < label.length) {
        add(this.byToken.get(label.slice(0, length)), 'brand-token');
        add(this.byToken.get(label.slice(-length)), 'brand-token');
      }
    }
    // The brand in someone else's subdomains (`pixelforge.app.secure-login.net`).
    for (const part of facts.subdomain.split('.')) add(this.byToken.get(part), 'brand-subdomain');
    return [...found.values()];
  }
}
