import { domainToUnicode } from 'node:url';
import type { HostParts } from '../url/host-parts.ts';
import type { Brand, BrandCatalogue } from './brand-catalogue.ts';
import { isSquatterSlip } from './brand-matcher.ts';
import { ORDINARY_SLIPS } from './ordinary-slips.ts';
import { deletions, editDistance } from './edit-distance.ts';
import { skeleton } from './skeleton.ts';

/** A protected registrable domain: a brand's own or a top site. */
export type ProtectedDomain = { domain: string; label: string; brand: Brand | null };

export type LookalikeFinding =
  /** Looks the same once confusable characters are folded (`paypaI.com`, `аpple.com`). */
  | { kind: 'homoglyph'; target: ProtectedDomain }
  /**
   * One or two typing slips away (`paypall.com`, `microsfot.com`); `squat` when it is one change
   * of the kinds typosquatters register (see `isSquatterSlip`), not any letter for any other.
   */
  | { kind: 'typo'; target: ProtectedDomain; distance: number; squat: boolean }
  /** The same name under another top-level domain (`paypal.xyz`). */
  | { kind: 'tld-swap'; target: ProtectedDomain }
  /**
   * A brand's name in the subdomains of someone else's domain: its whole domain
   * (`paypal.com.secure-id.net`, `withDomain`) or just its name (`paypal.secure-id.net`).
   */
  | { kind: 'brand-subdomain'; brand: Brand; token: string; withDomain: boolean }
  /** A brand's name inside a longer registrable name (`paypal-secure-login.com`). */
  | { kind: 'brand-token'; brand: Brand; token: string; homoglyph: boolean };

// Shorter labels sit one edit away from too many honest names (`bing`, `ring`, `king`).
const MIN_TYPO_LABEL = 5;
const MIN_TWO_TYPO_LABEL = 9;
// Hosts under these suffixes that reuse a brand's label are typosquats; under a country code
// they are usually the brand's own or an unrelated local business.
const TYPO_COUNTRY_CODES = new Set(['co', 'cm', 'om', 'ne', 'cc', 'io', 'ai', 'me', 'to', 'ws', 'tk', 'ml', 'ga', 'cf', 'gq']);
// Curated tokens this long are recognised at the start or end of a word (`paypalsecure`), and
// longer ones anywhere inside it (`mymicrosoftlogin`).
const MIN_AFFIX_TOKEN = 6;
const MIN_INFIX_TOKEN = 8;
// Logs repeat the same hosts over and over; past this many remembered answers we start afresh.
const MEMO_LIMIT = 100_000;

type DomainLookalike = Extract<LookalikeFinding, { target: ProtectedDomain }>;
type BrandToken = Extract<LookalikeFinding, { kind: 'brand-token' }>;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Answers the reverse typosquatting question for one host: which protected domain or brand does
 * it imitate? Built once from the catalogue and the top sites; a query costs a few dozen hash
 * look-ups, never a scan over every protected name.
 */
export class LookalikeIndex {
  private readonly protectedDomains = new Set<string>();
  private readonly byLabel = new Map<string, ProtectedDomain[]>();
  private readonly bySkeleton = new Map<string, ProtectedDomain[]>();
  private readonly byDeletion = new Map<string, ProtectedDomain[]>();
  private readonly exactTokens = new Map<string, Brand>();
  private readonly curatedTokens = new Map<string, Brand>();
  private readonly skeletonTokens = new Map<string, Brand>();
  private readonly affixTokens = new Map<string, Brand>();
  private readonly affixLengths: number[];
  private readonly infixLengths: number[];
  private readonly memo = new Map<string, LookalikeFinding[]>();

  /** `ordinary`: everyday words read as themselves, never as a slip of a protected name (decision 596). */
  constructor(
    catalogue: BrandCatalogue,
    topSites: readonly string[],
    private readonly ordinary: ReadonlySet<string> = ORDINARY_SLIPS,
  ) {
    const entries: ProtectedDomain[] = [];
    for (const brand of catalogue.brands) {
      if (!brand.curated) continue;
      for (const domain of brand.domains) entries.push({ domain, label: domain.split('.')[0] ?? domain, brand });
    }
    for (const domain of topSites) {
      if (!catalogue.byDomain.get(domain)?.curated)
        entries.push({ domain, label: domain.split('.')[0] ?? domain, brand: catalogue.byDomain.get(domain) ?? null });
    }
    for (const entry of entries) this.addProtected(entry);

    for (const brand of catalogue.brands) {
      for (const token of brand.tokens) {
        if (!this.exactTokens.has(token) || brand.curated) this.exactTokens.set(token, brand);
        if (!brand.curated) continue;
        this.curatedTokens.set(token, brand);
        this.skeletonTokens.set(skeleton(token), brand);
        if (token.length >= MIN_AFFIX_TOKEN) this.affixTokens.set(token, brand);
      }
    }
    const lengths = [...new Set([...this.affixTokens.keys()].map((token) => token.length))].sort((a, b) => a - b);
    this.affixLengths = lengths;
    this.infixLengths = lengths.filter((length) => length >= MIN_INFIX_TOKEN);
  }

  private addProtected(entry: ProtectedDomain): void {
    if (this.protectedDomains.has(entry.domain)) return;
    this.protectedDomains.add(entry.domain);
    push(this.byLabel, entry.label, entry);
    if (entry.label.length >= 3) push(this.bySkeleton, skeleton(entry.label), entry);
    if (entry.label.length >= MIN_TYPO_LABEL) {
      for (const variant of deletions(entry.label, entry.label.length >= MIN_TWO_TYPO_LABEL ? 2 : 1)) push(this.byDeletion, variant, entry);
    }
  }

  isProtected(domain: string): boolean {
    return this.protectedDomains.has(domain);
  }

  /** Look-alike findings for a host; none for protected domains themselves and for IP addresses. */
  find(parts: HostParts): LookalikeFinding[] {
    const known = this.memo.get(parts.host);
    if (known) return known;
    const findings = this.compute(parts);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(parts.host, findings);
    return findings;
  }

  /**
   * Findings for a host as if its domain were nobody's: a protected domain is then compared with
   * every other brand and top site (its own brand still excluded). How training and evaluation
   * learn what real, unrelated names look like next to the protected ones.
   */
  findAsStranger(parts: HostParts): LookalikeFinding[] {
    return this.compute(parts, true);
  }

  private compute(parts: HostParts, asStranger = false): LookalikeFinding[] {
    if (parts.isIp || !parts.domain || !parts.label || (!asStranger && this.protectedDomains.has(parts.domain))) return [];
    const findings: LookalikeFinding[] = [];
    const label = parts.label.includes('xn--') ? domainToUnicode(parts.label) : parts.label;
    const ownBrand = (brand: Brand) => brand.domains.includes(parts.domain ?? '');

    const look = this.lookalikeOfLabel(label, parts.suffix ?? '');
    if (look && !(look.target.brand && ownBrand(look.target.brand))) findings.push(look);

    const subdomain = parts.subdomain.includes('xn--') ? domainToUnicode(parts.subdomain) : parts.subdomain;
    // Only curated brands count here: `gitlab.example.com` is a company's own server, not a lure.
    for (const word of subdomain.split(/[.-]/)) {
      const brand = word === '' ? undefined : (this.curatedTokens.get(word) ?? this.skeletonTokens.get(skeleton(word)));
      if (brand && !ownBrand(brand)) {
        const withDomain = brand.domains.some((domain) => `.${subdomain}.`.includes(`.${domain}.`));
        findings.push({ kind: 'brand-subdomain', brand, token: word, withDomain });
        break;
      }
    }
    // A protected name under a country code (`netflix.de`) was judged above; its token is no news.
    if (!look && !this.byLabel.has(label) && !this.ordinary.has(label)) {
      const token = this.brandTokenIn(label);
      if (token && !ownBrand(token.brand)) findings.push(token);
    }
    return findings;
  }

  private lookalikeOfLabel(label: string, suffix: string): DomainLookalike | null {
    const folded = skeleton(label);
    const sameLook = this.bySkeleton.get(folded)?.find((entry) => entry.label !== label);
    if (sameLook) return { kind: 'homoglyph', target: sameLook };
    // International letters that fold to a near miss (`аррӏе` folds to `appie`) still imitate.
    if (/[^ -~]/.test(label)) {
      const nearLook = this.nearestTypo(folded);
      if (nearLook) return { kind: 'homoglyph', target: nearLook.target };
    }

    // Only brands count: a top site's name under another suffix is as often an unrelated site.
    const sameName = this.byLabel.get(label);
    if (sameName) {
      const brandDomain = sameName.find((entry) => entry.brand?.curated);
      const lastLabel = suffix.split('.').at(-1) ?? '';
      const typoSuffix = lastLabel.length > 2 || TYPO_COUNTRY_CODES.has(suffix);
      return brandDomain && typoSuffix ? { kind: 'tld-swap', target: brandDomain } : null;
    }
    return this.ordinary.has(label) ? null : this.nearestTypo(label);
  }

  /** The protected label a label reads as one or two slips of, if any, ordinary word or not (for `ordinary-slips.ts`'s generator). */
  typoTarget(label: string): string | null {
    return this.nearestTypo(label)?.target.label ?? null;
  }

  /**
   * Symmetric-deletion search: protected labels are indexed with up to two deletions, the query
   * with one, which finds every single slip and the double slips that include an omission
   * (two omissions, an omission plus a swap or a wrong key) at a tenth of the cost of deleting
   * twice on both sides; two wrong keys in one name go unnoticed.
   */
  private nearestTypo(label: string): DomainLookalike | null {
    if (label.length < MIN_TYPO_LABEL - 1) return null;
    const candidates = new Set<ProtectedDomain>();
    const collect = (probe: string) => {
      const entries = this.byDeletion.get(probe);
      if (entries) for (const entry of entries) candidates.add(entry);
    };
    collect(label);
    for (let i = 0; i < label.length; i++) collect(label.slice(0, i) + label.slice(i + 1));
    let best: { target: ProtectedDomain; distance: number } | null = null;
    for (const target of candidates) {
      const allowed = target.label.length >= MIN_TWO_TYPO_LABEL ? 2 : 1;
      const distance = editDistance(label, target.label, allowed);
      if (distance === 0 || distance > allowed) continue;
      if (!best || distance < best.distance || (distance === best.distance && target.brand?.curated && !best.target.brand?.curated))
        best = { target, distance };
    }
    return best ? { kind: 'typo', ...best, squat: best.distance === 1 && isSquatterSlip(label, best.target.label) } : null;
  }

  /** A brand token among the hyphen-separated words of a label, or at a word's start, end or middle. */
  private brandTokenIn(label: string): BrandToken | null {
    for (const word of label.split('-')) {
      if (word === '') continue;
      const exact = this.exactTokens.get(word);
      if (exact) return { kind: 'brand-token', brand: exact, token: word, homoglyph: false };
      const folded = skeleton(word);
      if (folded !== word) {
        const lookalike = this.skeletonTokens.get(folded);
        if (lookalike) return { kind: 'brand-token', brand: lookalike, token: word, homoglyph: true };
      }
      const affix = this.affixIn(word);
      if (affix) return affix;
    }
    return null;
  }

  private affixIn(word: string): BrandToken | null {
    for (const length of this.affixLengths) {
      if (length >= word.length) break;
      const brand = this.affixTokens.get(word.slice(0, length)) ?? this.affixTokens.get(word.slice(word.length - length));
      if (brand) return { kind: 'brand-token', brand, token: brand.tokens.find((token) => word.includes(token)) ?? word, homoglyph: false };
    }
    for (const length of this.infixLengths) {
      for (let start = 1; start + length < word.length; start++) {
        const brand = this.affixTokens.get(word.slice(start, start + length));
        if (brand) return { kind: 'brand-token', brand, token: word.slice(start, start + length), homoglyph: false };
      }
    }
    return null;
  }
}
