import { domainToUnicode } from 'node:url';
import type { HostParts } from '../url/host-parts.ts';
import type { Brand, BrandCatalogue } from './brand-catalogue.ts';
import { compactName } from './brand-name.ts';
import { DIGIT_LETTERS } from './digit-letters.ts';
import { deletions, editDistance } from './edit-distance.ts';
import { ORDINARY_SLIPS } from './ordinary-slips.ts';
import { skeleton } from './skeleton.ts';
import { TokenAutomaton } from './token-automaton.ts';
import { ABUSED_TLDS, freeHostingPlatform, LURE_THEMES, LURE_WORDS } from '../url-knowledge/index.ts';
import { ASCII_GLYPHS, KEYBOARDS } from './typosquat-tables.ts';

/** How a brand's name sits in a piece of a host. */
export type BrandPlacement =
  /** The whole piece is the name (`paypal.evil.net`'s `paypal`). */
  | 'whole'
  /** A hyphen-separated word of its own (`kraken-verify-account`). */
  | 'word'
  /** Joined to other words at a word's start or end (`ledgerlive`, `mymetamask`). */
  | 'affix'
  /** Inside a longer word (`xmetamaskx`). */
  | 'infix';

export type BrandMatch = {
  brand: Brand;
  token: string;
  placement: BrandPlacement;
  /** Where it was found: the registrable name or a subdomain label. */
  where: 'label' | 'subdomain';
  /** Seen only once look-alike glyphs and digits were read as the letters they imitate. */
  disguised: boolean;
  /** Typing slips between the word and the name (0: spelled right). */
  distance: number;
  /** The slip is a neighbouring key or a look-alike glyph, as typosquatters pick them. */
  likelySlip: boolean;
};

// A name this short inside a longer word is usually another word (`ups` in `groups`).
const MIN_INFIX = 6;
const MIN_AFFIX = 6;
// A five-letter name joined to a word counts only when that word is a lure (`chaselogin`, not
// `purchase`).
const MIN_LURE_AFFIX = 5;
const MIN_WORD = 3;
// Glyph classes fold b and d, m and n together: shorter names would collide with honest words.
const MIN_DISGUISED = 6;
// Fuzzy matching only for names long enough that one slip still leaves them recognisable.
const MIN_FUZZY = 5;
const MIN_TWO_SLIPS = 9;
const MAX_NAMED_FROM = 7;
const MEMO_LIMIT = 100_000;
const MIN_WHOLE_NAME = 8;
// Country codes sold as generic endings: a brand on .io has no country site.
const GENERIC_CC = new Set(['io', 'co', 'ai', 'me', 'tv', 'cc', 'fi', 'so', 'to', 'gg', 'im', 'ag', 'sh', 'ly', 'fm', 'xyz']);

// Multi-letter look-alikes of the generator's glyph table (`vv` for w, `rn` for m; the Unicode
// skeleton itself writes m as rn), read back as the letter, longest first.
const MULTI_GLYPHS: [string, string][] = [...ASCII_GLYPHS]
  .filter(([letter]) => letter.length === 1)
  .flatMap(([letter, looks]) =>
    looks.filter((look) => look.length > 1 && /^[a-z]+$/.test(look)).map((look): [string, string] => [look, letter]),
  )
  .sort((a, b) => b[0].length - a[0].length);

/**
 * Single characters the generator's glyph table swaps for each other (`m` and `n`, `b` and `d`,
 * `u` and `v`), gathered into classes and read as one representative: swaps go both ways, so
 * only the class says which names could be the same.
 */
function glyphClasses(): Map<string, string> {
  const parent = new Map<string, string>();
  const root = (char: string): string => {
    const up = parent.get(char);
    return up === undefined || up === char ? char : root(up);
  };
  for (const [letter, looks] of ASCII_GLYPHS)
    for (const look of looks) {
      if (look.length !== 1 || letter.length !== 1) continue;
      const [a, b] = [root(letter), root(look)].sort();
      if (a !== b) parent.set(b!, a!);
    }
  const classes = new Map<string, string>();
  for (const char of parent.keys()) classes.set(char, root(char));
  return classes;
}
const GLYPH_CLASS = glyphClasses();

/**
 * The form look-alikes are compared in: confusable skeleton, multi-letter glyphs, digits read as
 * letters, and single-letter glyph swaps read as their class.
 */
export function foldLookalike(text: string): string {
  let folded = skeleton(text);
  for (const [look, letter] of MULTI_GLYPHS) if (folded.includes(look)) folded = folded.replaceAll(look, letter);
  let out = '';
  for (const char of folded) {
    const letter = DIGIT_LETTERS[char] ?? char;
    out += GLYPH_CLASS.get(letter) ?? letter;
  }
  return out;
}

function neighbours(): Set<string> {
  const pairs = new Set<string>();
  for (const layout of KEYBOARDS) for (const [key, near] of Object.entries(layout)) for (const other of near) pairs.add(key + other);
  for (const [letter, looks] of ASCII_GLYPHS)
    for (const look of looks) if (look.length === 1 && letter.length === 1) pairs.add(letter + look);
  return pairs;
}

const SLIPS = neighbours();

/**
 * `word` is `name` with one slip of the kind fingers and eyes make and typosquatters copy: a
 * neighbouring key or look-alike glyph typed instead, two neighbouring letters swapped, a letter
 * typed twice, or a key next to a neighbouring letter pressed too.
 */
export function isTypingSlip(word: string, name: string): boolean {
  if (word.length === name.length) {
    let at = 0;
    while (at < word.length && word[at] === name[at]) at++;
    if (at === word.length) return false;
    if (word.slice(at + 1) === name.slice(at + 1)) return SLIPS.has(name[at]! + word[at]!);
    return word[at] === name[at + 1] && word[at + 1] === name[at] && word.slice(at + 2) === name.slice(at + 2);
  }
  if (word.length !== name.length + 1) return false;
  for (let i = 0; i < word.length; i++) {
    if (word.slice(0, i) + word.slice(i + 1) !== name) continue;
    const extra = word[i]!;
    const before = word[i - 1];
    const after = word[i + 1];
    if (extra === before || extra === after) return true;
    if ((before && SLIPS.has(before + extra)) || (after && SLIPS.has(after + extra))) return true;
  }
  return false;
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);

/**
 * The one-letter changes typosquatters register (dnstwist's fuzzers): a typing slip
 * (`isTypingSlip`), a vowel for a vowel (`amezon`), a letter one bit away (`micposoft`), a letter
 * left out (`micrsoft`), one added at the end (`instagrams`, `walmart0`) or a hyphen put in. Another
 * consonant for one that is not its neighbour (`hackspace` for rackspace, `telegraf` for telegram)
 * is how different words differ.
 */
export function isSquatterSlip(word: string, name: string): boolean {
  if (word.length === name.length - 1) {
    for (let i = 0; i < name.length; i++) if (name.slice(0, i) + name.slice(i + 1) === word) return true;
    return false;
  }
  if (word.length === name.length + 1 && (word.startsWith(name) || word.replace('-', '') === name)) return true;
  if (word.length === name.length) {
    let at = 0;
    while (at < word.length && word[at] === name[at]) at++;
    const [a, b] = [word[at], name[at]];
    if (a && b && word.slice(at + 1) === name.slice(at + 1)) {
      if (VOWELS.has(a) && VOWELS.has(b)) return true;
      const flip = a.charCodeAt(0) ^ b.charCodeAt(0);
      if ((flip & (flip - 1)) === 0) return true;
    }
  }
  return isTypingSlip(word, name);
}

/**
 * Finds a catalogue brand's name inside any label of a host: spelled right, disguised with
 * look-alike glyphs or digits, or one or two slips away; as its own word, joined to others or
 * inside a longer word. The reverse of the look-alike generator, on the generator's own tables.
 */
export class BrandMatcher {
  private readonly tokens: string[] = [];
  private readonly owners: Brand[] = [];
  /** Tokens that are a brand's own everyday-word name (`current`, `flower`): the brand only in a kit's context (`plainNamesOf`). */
  private readonly plainNames = new Set<string>();
  private readonly exact: TokenAutomaton;
  private readonly folded: TokenAutomaton;
  private readonly byDeletion = new Map<string, number[]>();
  private readonly memo = new Map<string, BrandMatch[]>();
  private readonly brandDomains: ReadonlyMap<string, Brand>;

  /** `ordinary`: everyday words read as themselves, never as a slip of a name (decision 596). */
  constructor(
    catalogue: BrandCatalogue,
    private readonly ordinary: ReadonlySet<string> = ORDINARY_SLIPS,
  ) {
    this.brandDomains = catalogue.byDomain;
    const seen = new Map<string, number>();
    for (const brand of catalogue.brands) {
      const plain = plainNamesOf(brand);
      for (const token of namesOf(brand)) {
        // A brand named by a lure word (`helpdesk`) cannot be told from the lure in a host: the
        // word counts once, as the lure, or every help desk's subdomain impersonates it.
        if (LURE_WORDS.has(token)) continue;
        const known = seen.get(token);
        // A curated brand keeps a name a simple-icons entry shares.
        if (known !== undefined) {
          if (brand.curated && !this.owners[known]!.curated) {
            this.owners[known] = brand;
            if (plain.has(token)) this.plainNames.add(token);
            else this.plainNames.delete(token);
          }
          continue;
        }
        seen.set(token, this.tokens.length);
        if (plain.has(token)) this.plainNames.add(token);
        this.tokens.push(token);
        this.owners.push(brand);
      }
    }
    this.exact = new TokenAutomaton(this.tokens);
    this.folded = new TokenAutomaton(this.tokens.map(foldLookalike));
    this.tokens.forEach((token, index) => {
      if (token.length < MIN_FUZZY) return;
      for (const variant of deletions(token, token.length >= MIN_TWO_SLIPS ? 2 : 1)) {
        const list = this.byDeletion.get(variant);
        if (list) list.push(index);
        else this.byDeletion.set(variant, [index]);
      }
    });
  }

  /** Whether a registrable domain is one of the catalogue's brands' own. */
  isBrandDomain(domain: string): boolean {
    return this.brandDomains.has(domain);
  }

  /** Brand names in the host's registrable name and subdomains, strongest first; none on the brand's own domains. */
  find(parts: HostParts): BrandMatch[] {
    const known = this.memo.get(parts.host);
    if (known) return known;
    const found = this.compute(parts);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(parts.host, found);
    return found;
  }

  private compute(parts: HostParts): BrandMatch[] {
    if (parts.isIp || !parts.label) return [];
    const found: BrandMatch[] = [];
    const label = parts.label.includes('xn--') ? domainToUnicode(parts.label) : parts.label;
    const best = this.inPiece(label, 'label');
    if (best) found.push(best);
    if (parts.subdomain) {
      for (const piece of parts.subdomain.split('.')) {
        if (piece === 'www' || piece === '') continue;
        const match = this.inPiece(piece.includes('xn--') ? domainToUnicode(piece) : piece, 'subdomain');
        if (match && !found.some((other) => other.brand === match.brand)) found.push(match);
      }
    }
    const lured = found.length > 0 && hasLureWord(parts);
    // A phished brand's everyday name on a free platform or a cheap ending is still the brand.
    const kitHost = lured || (found.length > 0 && onKitHost(parts));
    return found.filter(
      (match) =>
        !match.brand.domains.includes(parts.domain ?? '') && (!this.plainNames.has(match.token) || (match.brand.curated ? kitHost : lured)),
    );
  }

  private inPiece(piece: string, where: BrandMatch['where']): BrandMatch | null {
    const words = piece.split('-').filter((word) => word !== '');
    const compact = words.join('');
    if (compact.length < MIN_WORD) return null;
    const starts = new Set<number>();
    const ends = new Set<number>();
    let at = 0;
    for (const word of words) {
      starts.add(at);
      at += word.length;
      ends.add(at);
    }
    let best: BrandMatch | null = null;
    const consider = (match: BrandMatch) => {
      if (!best || rank(match) > rank(best)) best = match;
    };
    const exactHits = new Set<number>();
    for (const hit of this.exact.find(compact)) {
      exactHits.add(hit.word);
      const start = hit.end - this.exact.lengths[hit.word]!;
      const placement = placementOf(start, hit.end, compact.length, starts, ends) ?? lureAffix(compact, start, hit.end, starts, ends);
      // The whole registrable name spelled right is a TLD question the look-alike index answers,
      // unless the brand keeps no country sites (`myetherwallet.com.ua`) and its name is long enough
      // to be no everyday word (`polygon.com` is a magazine).
      const countryFree =
        this.tokens[hit.word]!.length >= MIN_WHOLE_NAME &&
        !this.owners[hit.word]!.domains.some((domain) => /\.[a-z]{2}$/.test(domain) && !GENERIC_CC.has(domain.slice(-2)));
      if (placement && !(placement === 'whole' && where === 'label' && !countryFree))
        consider(this.match(hit.word, placement, where, false, 0, false));
    }
    // Names seen only once glyphs and digits are read as the letters they imitate. In a name of
    // several words, each word is read apart and a disguised brand must be one of them or start or
    // end one: found across or inside ordinary words (`sonnenschein`, `restaurant-le`) it is a
    // coincidence of letters.
    const several = words.length > 1;
    for (const text of several ? words : [compact]) {
      for (const reading of readingsOf(text)) {
        for (const hit of this.folded.find(reading)) {
          const length = this.folded.lengths[hit.word]!;
          if (exactHits.has(hit.word) || length < MIN_DISGUISED) continue;
          const start = hit.end - length;
          if (!oneLetterSwap(text, reading, start, hit.end, this.tokens[hit.word]!)) continue;
          const atStart = start === 0;
          const atEnd = hit.end === reading.length;
          // Inside a word of plain ASCII letters, a folded name is a coincidence of a long word
          // (`tradethemarket` holds `ethema`, Ethena; `internacional` folds `rn` to m); digits and
          // other scripts inside a word are a disguise.
          const inside = !several && length >= MIN_INFIX && !/^[a-z]+$/.test(text);
          const placement: BrandPlacement | null =
            atStart && atEnd ? (several ? 'word' : 'whole') : atStart || atEnd ? 'affix' : inside ? 'infix' : null;
          if (placement) consider(this.match(hit.word, placement, where, true, 0, true));
        }
      }
    }
    if (!best) {
      for (const word of words.length > 1 ? [...words, compact] : words) {
        // An everyday word one slip from a brand's name is that word (`blank`, `space`, `academic`;
        // decision 596): typosquatters misspell names, not into dictionary words.
        if (this.ordinary.has(word)) continue;
        const slip = this.nearest(word);
        // A subdomain is often a plain word, and a short brand's name less its first or last
        // letter is usually the word the brand was named from (`space` of SpaceX, `cloud` of iCloud).
        if (slip && !(where === 'subdomain' && namedFrom(word, this.tokens[slip.index]!)))
          consider(
            this.match(slip.index, word === compact && words.length === 1 ? 'whole' : 'word', where, false, slip.distance, slip.likely),
          );
      }
    }
    return best;
  }

  private match(
    index: number,
    placement: BrandPlacement,
    where: BrandMatch['where'],
    disguised: boolean,
    distance: number,
    likelySlip: boolean,
  ) {
    return { brand: this.owners[index]!, token: this.tokens[index]!, placement, where, disguised, distance, likelySlip };
  }

  /** The brand name a word reads as one or two slips of, if any, ordinary word or not (for `ordinary-slips.ts`'s generator). */
  slipTarget(word: string): string | null {
    const slip = this.nearest(word);
    return slip ? this.tokens[slip.index]! : null;
  }

  private nearest(word: string): { index: number; distance: number; likely: boolean } | null {
    if (word.length < MIN_FUZZY) return null;
    const candidates = new Set<number>();
    const collect = (probe: string) => {
      const list = this.byDeletion.get(probe);
      if (list) for (const index of list) candidates.add(index);
    };
    collect(word);
    for (let i = 0; i < word.length; i++) collect(word.slice(0, i) + word.slice(i + 1));
    let best: { index: number; distance: number; likely: boolean } | null = null;
    for (const index of candidates) {
      const token = this.tokens[index]!;
      const allowed = Math.min(token.length, word.length) >= MIN_TWO_SLIPS ? 2 : 1;
      const distance = editDistance(word, token, allowed);
      if (distance === 0 || distance > allowed) continue;
      // One letter off counts only as the change typosquatters register: another consonant for one
      // that is no neighbour's is how different words differ (`jitbit`, `switch`, `dab-bank`).
      if (distance === 1 && !isSquatterSlip(word, token)) continue;
      if (!best || distance < best.distance || (distance === best.distance && token.length > this.tokens[best.index]!.length))
        best = { index, distance, likely: this.likelySlip(word, token) };
    }
    return best;
  }

  /** One substituted character that is a neighbouring key or a look-alike glyph of the right one. */
  private likelySlip(word: string, token: string): boolean {
    if (word.length !== token.length) return false;
    for (let i = 0; i < word.length; i++) if (word[i] !== token[i]) return SLIPS.has(token[i]! + word[i]!);
    return false;
  }
}

/**
 * A brand's look-alike tokens, plus its own name when that is also its domain's name (`kraken`
 * for kraken.com): the catalogue leaves such names out of the tokens when they are everyday
 * words for page text, but in a host name next to lure words they are the brand.
 */
function namesOf(brand: Brand): string[] {
  const name = compactName(brand.name);
  const ownLabel = brand.curated && name.length >= MIN_AFFIX && brand.domains.some((domain) => domain.split('.')[0] === name);
  return ownLabel && !brand.tokens.includes(name) ? [...brand.tokens, name] : brand.tokens;
}

/**
 * The names of a brand that are only its own name, which for icon-only brands and the curated
 * brands' own labels are as often everyday words (`current`, `flower`, `answer`, `prefect`): a host
 * carrying one is that brand only next to a lure word (`current-login`), or, for a brand phishing
 * imitates most, on a free platform or a cheap ending (`current-hub.web.app`); not on its own
 * (`current-rms.com`, `wildflower.work`, `answers.<company>.com`).
 */
function plainNamesOf(brand: Brand): Set<string> {
  const name = compactName(brand.name);
  if (!brand.curated) return new Set(brand.tokens.filter((token) => token === name));
  return brand.tokens.includes(name) ? new Set() : new Set([name]);
}

const LURE_LIST = [...LURE_WORDS.keys()].filter((word) => word.length >= MIN_LURE_AFFIX);
// A wallet drainer's four-letter words (`live`, `sync`, `seed`) are pieces of too many words to
// count inside one, but ending a word they are the lure (decision 655: `ledgersustainlive`);
// `node` ends too many hackers' and developers' names.
const EDGE_LURE_LIST: string[] = LURE_THEMES.wallet.filter((word) => word.length === MIN_LURE_AFFIX - 1 && word !== 'node');

/** A free platform's tenant or a name under an ending common in abuse reports. */
function onKitHost(parts: HostParts): boolean {
  return freeHostingPlatform(parts.host) !== null || ABUSED_TLDS.has(parts.suffix?.split('.').at(-1) ?? '');
}

/**
 * A lure word in the host's own name (its ending, `vercel.app`'s `app` included, is not):
 * a word of its own, a longer one joined to others (`currentlogin`), or a wallet drainer's
 * four-letter word ending one (`ledgersustainlive`).
 */
function hasLureWord(parts: HostParts): boolean {
  const name = parts.subdomain ? `${parts.subdomain}.${parts.label ?? ''}` : (parts.label ?? '');
  const words = name.split(/[.-]/);
  if (words.some((word) => LURE_WORDS.has(word))) return true;
  if (LURE_LIST.some((word) => name.includes(word))) return true;
  return words.some((word) => EDGE_LURE_LIST.some((lure) => word.endsWith(lure)));
}

/** The folded readings of a name; `1` stands for l as often as for i, so both are read. */
function readingsOf(compact: string): string[] {
  const folded = foldLookalike(compact);
  return compact.includes('1') ? [folded, foldLookalike(compact.replaceAll('1', 'i'))] : [folded];
}

/** Written in ASCII letters only, with no multi-letter glyph: its reading lines up with it letter for letter. */
function plainLetters(text: string, reading: string): boolean {
  return reading.length === text.length && /^[a-z]+$/.test(text);
}

/**
 * Whether a folded hit is a disguise rather than another word. The glyph classes are closed
 * (r, n and m; e and c; b and d), so a plain word can fold onto a name it shares no look-alike
 * with: `members` folds as `renders`, three letters changed. A disguise in plain letters swaps
 * one (`netfiix`); digits, other scripts and multi-letter glyphs (`rn` for m), which change the
 * folded length or are not letters, are disguises however many.
 */
function oneLetterSwap(compact: string, reading: string, start: number, end: number, token: string): boolean {
  if (!plainLetters(compact, reading) || token.length !== end - start) return true;
  let swaps = 0;
  for (let i = start; i < end; i++) if (compact[i] !== token[i - start] && ++swaps > 1) return false;
  return true;
}

/** `word` is a short brand name less its first or last letter (`cloud` of `icloud`). */
function namedFrom(word: string, name: string): boolean {
  return name.length <= MAX_NAMED_FROM && (name.slice(1) === word || name.slice(0, -1) === word);
}

/**
 * A brand name joined to other letters at the start or end of one word names the brand when it
 * is long enough to be no everyday word's piece, or when those letters are a lure word: `paypalsecure`
 * and `chaselogin` name brands, `chasewood` and `purchase` do not.
 */
export function namesBrandAtWordEdge(word: string, token: string): boolean {
  if (word === token) return true;
  const rest = word.startsWith(token) ? word.slice(token.length) : word.endsWith(token) ? word.slice(0, -token.length) : null;
  if (rest === null) return false;
  return token.length >= MIN_AFFIX || (token.length >= MIN_LURE_AFFIX && LURE_WORDS.has(rest));
}

/** A short name joined at a word's edge to a lure word (`chaselogin`, `verifychase`). */
function lureAffix(compact: string, start: number, end: number, starts: Set<number>, ends: Set<number>): BrandPlacement | null {
  if (end - start < MIN_LURE_AFFIX) return null;
  if (starts.has(start)) {
    const wordEnd = Math.min(...[...ends].filter((at) => at > end));
    if (Number.isFinite(wordEnd) && LURE_WORDS.has(compact.slice(end, wordEnd))) return 'affix';
  }
  if (ends.has(end)) {
    const wordStart = Math.max(...[...starts].filter((at) => at < start));
    if (Number.isFinite(wordStart) && LURE_WORDS.has(compact.slice(wordStart, start))) return 'affix';
  }
  return null;
}

function placementOf(start: number, end: number, length: number, starts: Set<number>, ends: Set<number>): BrandPlacement | null {
  const size = end - start;
  if (start === 0 && end === length) return 'whole';
  const atStart = starts.has(start);
  const atEnd = ends.has(end);
  if (atStart && atEnd) return size >= MIN_WORD ? 'word' : null;
  if (atStart || atEnd) return size >= MIN_AFFIX ? 'affix' : null;
  return size >= MIN_INFIX ? 'infix' : null;
}

const PLACEMENT_RANK: Record<BrandPlacement, number> = { whole: 4, word: 3, affix: 2, infix: 1 };

/** Longer names and cleaner placements first; a curated brand beats an icon-only one. */
function rank(match: BrandMatch): number {
  return PLACEMENT_RANK[match.placement] * 100 + match.token.length * 3 + (match.brand.curated ? 5 : 0) - match.distance * 40;
}
