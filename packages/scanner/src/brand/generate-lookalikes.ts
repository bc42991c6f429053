import { domainToASCII, domainToUnicode } from 'node:url';
import { ABUSED_TLDS, COMBO_WORDS, USER_CONTENT_HOSTS } from '../url-knowledge/index.ts';
import { asciiLabel, asciiLabelOf, PRIVATE_USE } from './idna-label.ts';
import { hashed, type HashedText, NameSet } from './name-set.ts';
import {
  ASCII_GLYPHS,
  CYRILLIC,
  DICTIONARY_WORDS,
  type GlyphTable,
  IDN_GLYPHS_BY_SUFFIX,
  KEYBOARDS,
  SWAP_TLDS,
  UNICODE_GLYPHS,
} from './typosquat-tables.ts';

/** dnstwist's families, in the order it runs them: a name two families make is the first one's. */
export const DNSTWIST_FUZZERS = [
  'addition',
  'bitsquatting',
  'cyrillic',
  'homoglyph',
  'hyphenation',
  'insertion',
  'omission',
  'plural',
  'repetition',
  'replacement',
  'subdomain',
  'transposition',
  'vowel-swap',
  'dictionary',
  'tld-swap',
  'various',
] as const;

/** Families beyond dnstwist, run after its own so that they never relabel one of its names. */
export const EXTRA_FUZZERS = ['combosquatting', 'abused-tld-swap', 'free-hosting'] as const;

export const FUZZERS = [...DNSTWIST_FUZZERS, ...EXTRA_FUZZERS] as const;
export type Fuzzer = (typeof FUZZERS)[number];

/** One generated look-alike: the whole name in its ASCII (xn--) form and the family that made it. */
export type Lookalike = { domain: string; fuzzer: Fuzzer };

export interface LookalikeOptions {
  /** Families to run (default: all). */
  families?: readonly Fuzzer[];
  /** Words of the dictionary family (default: dnstwist's `english.dict`). */
  dictionary?: readonly string[];
  /** Suffixes of the tld-swap family (default: dnstwist's `common_tlds.dict`). */
  tlds?: readonly string[];
  /** Words of the combosquatting family (default: login, secure, support, account, verify, wallet, app, pay, online, official). */
  keywords?: readonly string[];
}

export class DomainInputError extends Error {}

/** dnstwist's check of every name it outputs. */
const VALID_FQDN = /^(?=.{4,253}$)((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z0-9-]{2,63}$/;
// dnstwist's suffix guess when the `tld` package is absent (it is, on a plain Python).
const SECOND_LEVELS = new Set(['org', 'com', 'net', 'gov', 'edu', 'co', 'mil', 'nom', 'ac', 'info', 'biz', 'ne']);
const HOST_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-';
const ADDITION_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';
const VOWELS = 'aeiou';
const FREE_HOSTS = [...USER_CONTENT_HOSTS];

/**
 * dnstwist's split of a host into subdomain, name and suffix: the last label is the suffix, or
 * the last two when the second-to-last is a common second level (`co.uk`, `com.br`).
 */
export function splitDomain(host: string): { subdomain: string; name: string; suffix: string } {
  const labels = host.split('.');
  if (labels.length > 2 && SECOND_LEVELS.has(labels.at(-2) as string)) {
    return { subdomain: labels.slice(0, -3).join('.'), name: labels.at(-3) as string, suffix: labels.slice(-2).join('.') };
  }
  return { subdomain: labels.slice(0, -2).join('.'), name: labels.at(-2) as string, suffix: labels.at(-1) as string };
}

function parseInput(input: string): string {
  let host = input.trim().toLowerCase();
  if (host.includes('://')) {
    try {
      host = new URL(host).hostname;
    } catch {
      throw new DomainInputError(`Not a registrable domain name: ${input}`);
    }
  }
  host = host.replace(/\.$/, '');
  const ascii = host === '' ? '' : domainToASCII(host);
  if (!VALID_FQDN.test(ascii) || /^[0-9.]+$/.test(ascii)) throw new DomainInputError(`Not a registrable domain name: ${input}`);
  return ascii;
}

/** Glyphs by character code (keys are ASCII), doubled for a window of two equal characters, and by digraph (`rn`, `cl`, `ae`, `oe`). */
type Glyphs = {
  single: (readonly HashedText[] | undefined)[];
  doubled: (readonly HashedText[] | undefined)[];
  digraph: Map<string, readonly HashedText[]>;
};

function mergedGlyphs(suffix: string): Glyphs {
  const merged = new Map<string, Set<string>>();
  for (const table of [ASCII_GLYPHS, IDN_GLYPHS_BY_SUFFIX.get(suffix) ?? UNICODE_GLYPHS] as GlyphTable[]) {
    for (const [key, glyphs] of table) {
      const set = merged.get(key) ?? new Set<string>();
      for (const glyph of glyphs) set.add(glyph);
      merged.set(key, set);
    }
  }
  const single: (readonly HashedText[] | undefined)[] = new Array<readonly HashedText[] | undefined>(128).fill(undefined);
  const doubled: (readonly HashedText[] | undefined)[] = new Array<readonly HashedText[] | undefined>(128).fill(undefined);
  const digraph = new Map<string, readonly HashedText[]>();
  for (const [key, set] of merged) {
    if (key.length === 1) {
      single[key.charCodeAt(0)] = [...set].map(hashed);
      doubled[key.charCodeAt(0)] = [...set].map((glyph) => hashed(glyph + glyph));
    } else digraph.set(key, [...set].map(hashed));
  }
  return { single, doubled, digraph };
}

const glyphCache = new Map<string, Glyphs>();
const glyphsFor = (suffix: string): Glyphs => {
  let glyphs = glyphCache.get(suffix);
  if (!glyphs) glyphCache.set(suffix, (glyphs = mergedGlyphs(suffix)));
  return glyphs;
};

/** Keyboard neighbours of each ASCII character, layout by layout (repeats kept, as dnstwist does). */
const NEIGHBOURS: string[][] = Array.from({ length: 128 }, (_, code) =>
  KEYBOARDS.flatMap((layout) => [...(layout[String.fromCharCode(code)] ?? '')]),
);

/**
 * The look-alikes of one domain, produced lazily: dnstwist's sixteen families with its exact
 * algorithms and tables, then the families beyond it. Each name comes once, under the first
 * family that made it, in ASCII form, the original excluded; names IDNA or dnstwist's final check
 * refuse are dropped. A subdomain in the input stays in front of every variant, as in dnstwist.
 *
 * Memory holds the set of names seen (for de-duplication) and one batch of output, never the
 * whole list, so a name with hundreds of thousands of look-alikes streams through.
 */
export function generateLookalikes(input: string, options: LookalikeOptions = {}): Iterable<Lookalike> {
  const host = parseInput(input);
  return { [Symbol.iterator]: () => new LookalikeStream(host, options) };
}

type Phase = () => boolean;

class LookalikeStream implements Iterator<Lookalike> {
  private readonly subdomain: string;
  private readonly prefix: string;
  private readonly name: string;
  private readonly suffix: string;
  private readonly tail: string;
  /** Code points of astral characters in the name, which are fuzzed as private-use stand-ins. */
  private readonly restore: number[] | null;
  private readonly seen = new NameSet();
  private codes = new Int32Array(128);
  private batch: Lookalike[] = [];
  private read = 0;
  private fuzzer: Fuzzer = 'addition';
  private readonly phases: Phase[] = [];
  private phase = 0;

  constructor(
    host: string,
    private readonly options: LookalikeOptions,
  ) {
    const { subdomain, name, suffix } = splitDomain(host);
    this.subdomain = subdomain;
    this.prefix = subdomain === '' ? '' : `${subdomain}.`;
    this.suffix = suffix;
    this.tail = `.${suffix}`;
    let unicode = name.startsWith('xn--') ? domainToUnicode(name) : name;
    if (unicode === '') unicode = name;
    let restore: number[] | null = null;
    if (/[\uD800-\uDFFF]/.test(unicode)) {
      restore = [];
      let mapped = '';
      for (const char of unicode) {
        const code = char.codePointAt(0) as number;
        if (code > 0xffff) {
          mapped += String.fromCharCode(PRIVATE_USE + restore.length);
          restore.push(code);
        } else mapped += char;
      }
      unicode = mapped;
    }
    this.restore = restore;
    this.name = unicode;
    this.seen.add(unicode);
    const wanted = new Set<Fuzzer>(options.families ?? FUZZERS);
    for (const fuzzer of FUZZERS) if (wanted.has(fuzzer)) this.plan(fuzzer);
  }

  next(): IteratorResult<Lookalike> {
    while (this.read >= this.batch.length) {
      if (this.phase >= this.phases.length) return { done: true, value: undefined };
      this.batch = [];
      this.read = 0;
      if ((this.phases[this.phase] as Phase)()) this.phase++;
    }
    return { done: false, value: this.batch[this.read++] as Lookalike };
  }

  [Symbol.iterator](): Iterator<Lookalike> {
    return this;
  }

  private plan(fuzzer: Fuzzer): void {
    const once =
      (run: () => void): Phase =>
      () => {
        this.fuzzer = fuzzer;
        run();
        return true;
      };
    switch (fuzzer) {
      case 'homoglyph':
        this.planHomoglyphs();
        return;
      case 'addition':
        return void this.phases.push(once(() => this.addition()));
      case 'bitsquatting':
        return void this.phases.push(once(() => this.bitsquatting()));
      case 'cyrillic':
        return void this.phases.push(once(() => this.cyrillic()));
      case 'hyphenation':
        return void this.phases.push(once(() => this.hyphenation()));
      case 'insertion':
        return void this.phases.push(once(() => this.insertion()));
      case 'omission':
        return void this.phases.push(once(() => this.omission()));
      case 'plural':
        return void this.phases.push(once(() => this.plural()));
      case 'repetition':
        return void this.phases.push(once(() => this.repetition()));
      case 'replacement':
        return void this.phases.push(once(() => this.replacement()));
      case 'subdomain':
        return void this.phases.push(once(() => this.subdomainSplits()));
      case 'transposition':
        return void this.phases.push(once(() => this.transposition()));
      case 'vowel-swap':
        return void this.phases.push(once(() => this.vowelSwap()));
      case 'dictionary':
        return void this.phases.push(once(() => this.dictionary(this.options.dictionary ?? DICTIONARY_WORDS)));
      case 'tld-swap':
        return void this.phases.push(once(() => this.tldSwap()));
      case 'various':
        return void this.phases.push(once(() => this.various()));
      case 'combosquatting':
        return void this.phases.push(once(() => this.combosquatting()));
      case 'abused-tld-swap':
        return void this.phases.push(once(() => this.abusedTldSwap()));
      case 'free-hosting':
        return void this.phases.push(once(() => this.freeHosting()));
    }
  }

  /** A variant of the name under the original subdomain and suffix. */
  private offer(label: string): void {
    if (this.seen.add(label)) this.emit(label);
  }

  /** Outputs a variant seen for the first time, unless IDNA or dnstwist refuses it. */
  private emit(label: string): void {
    const ascii = this.encode(label);
    if (ascii !== null) this.batch.push({ domain: this.prefix + ascii + this.tail, fuzzer: this.fuzzer });
  }

  /** A whole name (subdomain and suffix of its own), as the suffix families make them. */
  private offerName(prefix: string, label: string, suffix: string): void {
    if (prefix === this.prefix && suffix === this.suffix) return this.offer(label);
    const key = `\u0001${prefix}${label}.${suffix}`;
    if (!this.seen.add(key)) return;
    const ascii = this.encode(label);
    if (ascii === null) return;
    const domain = `${prefix}${ascii}.${suffix}`;
    if (VALID_FQDN.test(domain)) this.batch.push({ domain, fuzzer: this.fuzzer });
  }

  /** Outputs `text` with `cut` characters at `at` replaced by `glyph`, without making that string. */
  private emitSplice(text: string, at: number, cut: number, glyph: string): void {
    const length = text.length - cut + glyph.length;
    if (this.codes.length < length) this.codes = new Int32Array(length * 2);
    const codes = this.codes;
    let size = 0;
    for (let i = 0; i < at; i++) codes[size++] = text.charCodeAt(i);
    for (let i = 0; i < glyph.length; i++) codes[size++] = glyph.charCodeAt(i);
    for (let i = at + cut; i < text.length; i++) codes[size++] = text.charCodeAt(i);
    const ascii = asciiLabelOf(codes, size, this.restore);
    if (ascii !== null && this.prefix.length + ascii.length + this.tail.length <= 253) {
      this.batch.push({ domain: this.prefix + ascii + this.tail, fuzzer: this.fuzzer });
    }
  }

  /** The ASCII form of a variant (labels joined by dots), or null when IDNA or dnstwist refuses it. */
  private encode(label: string): string | null {
    let ascii: string | null;
    if (label.indexOf('.') < 0) ascii = asciiLabel(label, this.restore);
    else {
      const parts: string[] = [];
      for (const part of label.split('.')) {
        const encoded = asciiLabel(part, this.restore);
        if (encoded === null) return null;
        parts.push(encoded);
      }
      ascii = parts.join('.');
    }
    if (ascii === null || this.prefix.length + ascii.length + this.tail.length > 253) return null;
    return ascii;
  }

  private addition(): void {
    const name = this.name;
    if (name.includes('-')) {
      const parts = name.split('-');
      for (const char of ADDITION_CHARS) {
        for (let p = 1; p < parts.length; p++) this.offer(`${parts.slice(0, p).join('-')}${char}-${parts.slice(p).join('-')}`);
      }
    }
    for (const char of ADDITION_CHARS) this.offer(name + char);
  }

  private bitsquatting(): void {
    const name = this.name;
    for (let i = 0; i < name.length; i++) {
      const code = name.charCodeAt(i);
      const pre = name.slice(0, i);
      const post = name.slice(i + 1);
      for (let mask = 1; mask < 256; mask <<= 1) {
        const flipped = String.fromCharCode(code ^ mask);
        if (HOST_CHARS.includes(flipped)) this.offer(pre + flipped + post);
      }
    }
  }

  private cyrillic(): void {
    let twin = '';
    for (const char of this.name) {
      const cyrillic = CYRILLIC[char];
      // dnstwist keeps the twin only when every character changed.
      if (cyrillic === undefined) return;
      twin += cyrillic;
    }
    this.offer(twin);
  }

  /**
   * dnstwist's homoglyph family: `mix` (one glyph for one character, for a doubled pair, or for a
   * digraph) applied to the name, then again to each of those results. The first round is kept
   * (a few hundred strings) to drive the second, which runs in slices so output stays lazy.
   */
  private planHomoglyphs(): void {
    let firstRound: string[] = [];
    let cursor = 0;
    const glyphs = glyphsFor(this.suffix);
    this.phases.push(() => {
      this.fuzzer = 'homoglyph';
      const local = new Set<string>();
      this.mix(this.name, glyphs, local);
      firstRound = [...local];
      for (const variant of firstRound) this.offer(variant);
      return true;
    });
    this.phases.push(() => {
      this.fuzzer = 'homoglyph';
      const end = Math.min(firstRound.length, cursor + 16);
      for (; cursor < end; cursor++) this.mix(firstRound[cursor] as string, glyphs, null);
      if (cursor < firstRound.length) return false;
      firstRound = [];
      return true;
    });
  }

  /**
   * dnstwist's `mix`: every single character to each of its glyphs, a window of two equal
   * characters to a doubled glyph (`oo` to `00`), a digraph to its glyph (`rn` to `m`).
   * The first round collects into `into`; the second goes straight to the output through the
   * name set's in-place splices.
   */
  private mix(text: string, glyphs: Glyphs, into: Set<string> | null): void {
    const { single, doubled, digraph } = glyphs;
    const length = text.length;
    const seen = this.seen;
    if (!into) seen.useText(text);
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      const list = code < 128 ? single[code] : undefined;
      if (list === undefined) continue;
      for (const glyph of list) {
        if (into) into.add(text.slice(0, i) + glyph.text + text.slice(i + 1));
        else if (seen.addSplice(i, 1, glyph)) this.emitSplice(text, i, 1, glyph.text);
      }
    }
    for (let i = 0; i < length - 1; i++) {
      const a = text.charCodeAt(i);
      const b = text.charCodeAt(i + 1);
      if (a >= 128 || b >= 128) continue;
      const twice = a === b ? doubled[a] : undefined;
      const pair = digraph.size > 0 ? digraph.get(text.slice(i, i + 2)) : undefined;
      for (const list of [twice, pair]) {
        if (list === undefined) continue;
        for (const glyph of list) {
          if (into) into.add(text.slice(0, i) + glyph.text + text.slice(i + 2));
          else if (seen.addSplice(i, 2, glyph)) this.emitSplice(text, i, 2, glyph.text);
        }
      }
    }
  }

  private hyphenation(): void {
    const name = this.name;
    for (let i = 1; i < name.length; i++) this.offer(`${name.slice(0, i)}-${name.slice(i)}`);
  }

  private insertion(): void {
    const name = this.name;
    for (let i = 0; i < name.length - 1; i++) {
      const code = name.charCodeAt(i);
      const keys = code < 128 ? (NEIGHBOURS[code] as string[]) : [];
      const original = name[i] as string;
      const pre = name.slice(0, i);
      const post = name.slice(i + 1);
      for (const key of keys) {
        this.offer(pre + key + original + post);
        this.offer(pre + original + key + post);
      }
    }
  }

  private omission(): void {
    const name = this.name;
    for (let i = 0; i < name.length; i++) this.offer(name.slice(0, i) + name.slice(i + 1));
  }

  private plural(): void {
    const name = this.name;
    for (let i = 2; i < name.length - 2; i++) {
      const ending = 'sxz'.includes(name[i] as string) ? 'es' : 's';
      this.offer(name.slice(0, i + 1) + ending + name.slice(i + 1));
    }
  }

  private repetition(): void {
    const name = this.name;
    for (let i = 0; i < name.length; i++) this.offer(name.slice(0, i) + (name[i] as string) + name.slice(i));
  }

  private replacement(): void {
    const name = this.name;
    for (let i = 0; i < name.length; i++) {
      const code = name.charCodeAt(i);
      if (code >= 128) continue;
      const pre = name.slice(0, i);
      const post = name.slice(i + 1);
      for (const key of NEIGHBOURS[code] as string[]) this.offer(pre + key + post);
    }
  }

  private subdomainSplits(): void {
    const name = this.name;
    for (let i = 1; i < name.length - 1; i++) {
      if (!'-.'.includes(name[i] as string) && !'-.'.includes(name[i - 1] as string)) this.offer(`${name.slice(0, i)}.${name.slice(i)}`);
    }
  }

  private transposition(): void {
    const name = this.name;
    for (let i = 0; i < name.length - 1; i++)
      this.offer(name.slice(0, i) + (name[i + 1] as string) + (name[i] as string) + name.slice(i + 2));
  }

  private vowelSwap(): void {
    const name = this.name;
    for (let i = 0; i < name.length; i++) {
      if (!VOWELS.includes(name[i] as string)) continue;
      for (const vowel of VOWELS) this.offer(name.slice(0, i) + vowel + name.slice(i + 1));
    }
  }

  private dictionary(words: readonly string[]): void {
    const name = this.name;
    for (const word of words) {
      if (name.startsWith(word) && name.endsWith(word)) continue;
      this.offer(`${name}-${word}`);
      this.offer(name + word);
      this.offer(`${word}-${name}`);
      this.offer(word + name);
    }
    if (name.includes('-')) {
      const parts = name.split('-');
      const head = parts.slice(0, -1).join('-');
      const rest = parts.slice(1).join('-');
      for (const word of words) {
        this.offer(`${head}-${word}`);
        this.offer(`${word}-${rest}`);
      }
    }
  }

  private tldSwap(): void {
    for (const tld of this.options.tlds ?? SWAP_TLDS) if (tld !== this.suffix) this.offerName(this.prefix, this.name, tld);
  }

  private various(): void {
    const { name, suffix, subdomain, prefix } = this;
    if (suffix.includes('.')) {
      const dot = suffix.indexOf('.');
      this.offerName(prefix, name, suffix.slice(dot + 1));
      // dnstwist glues the suffix's first label to the name: `bbc.co.uk` gives `bbcco.uk`.
      this.offerName(prefix, name + suffix.slice(0, dot), suffix.slice(dot + 1));
    } else {
      this.offerName(prefix, name + suffix, suffix);
      if (suffix !== 'com') {
        this.offerName(prefix, `${name}-${suffix}`, 'com');
        this.offerName(prefix, name + suffix, 'com');
      }
    }
    if (subdomain !== '') {
      this.offerName('', subdomain + name, suffix);
      this.offerName('', subdomain.replaceAll('.', '') + name, suffix);
      this.offerName('', `${subdomain}-${name}`, suffix);
      this.offerName('', `${subdomain.replaceAll('.', '-')}-${name}`, suffix);
    }
  }

  private combosquatting(): void {
    const name = this.name;
    for (const word of this.options.keywords ?? COMBO_WORDS) {
      this.offer(name + word);
      this.offer(`${name}-${word}`);
      this.offer(word + name);
      this.offer(`${word}-${name}`);
    }
  }

  private abusedTldSwap(): void {
    for (const tld of ABUSED_TLDS) if (tld !== this.suffix) this.offerName(this.prefix, this.name, tld);
  }

  private freeHosting(): void {
    const brand = this.name;
    const withSuffix = `${brand}-${this.suffix.replaceAll('.', '-')}`;
    for (const host of FREE_HOSTS) {
      this.offerName('', brand, host);
      this.offerName('', withSuffix, host);
    }
  }
}
