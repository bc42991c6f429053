import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { ASCII_GLYPHS, CYRILLIC, DICTIONARY_WORDS, KEYBOARDS, SWAP_TLDS, UNICODE_GLYPHS } from './typosquat-tables.ts';

export const FUZZERS = [
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
export type Fuzzer = (typeof FUZZERS)[number];

/** One generated look-alike: the registrable name in its ASCII (xn--) form and the family that made it. */
export type Lookalike = { domain: string; fuzzer: Fuzzer };

export class DomainInputError extends Error {}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HOST_CHARS = new Set(`${ALPHANUMERIC}-`);
const VOWELS = 'aeiou';
const GLYPHS: Record<string, string[]> = {};
for (const [char, glyphs] of [...Object.entries(ASCII_GLYPHS), ...Object.entries(UNICODE_GLYPHS)]) (GLYPHS[char] ??= []).push(...glyphs);

function keyboardNeighbours(char: string): string[] {
  const neighbours = new Set<string>();
  for (const layout of KEYBOARDS) for (const key of layout[char] ?? '') neighbours.add(key);
  return [...neighbours];
}
const NEIGHBOURS: Record<string, string[]> = Object.fromEntries([...ALPHANUMERIC].map((char) => [char, keyboardNeighbours(char)]));

/** Labels made from the name alone (no dots), family by family. */
const LABEL_FUZZERS: Record<Exclude<Fuzzer, 'tld-swap' | 'various' | 'dictionary' | 'subdomain'>, (name: string) => Iterable<string>> = {
  *addition(name) {
    for (const char of ALPHANUMERIC) yield name + char;
  },
  *bitsquatting(name) {
    for (let i = 0; i < name.length; i++) {
      for (let bit = 1; bit < 256; bit <<= 1) {
        const flipped = String.fromCharCode(name.charCodeAt(i) ^ bit);
        if (HOST_CHARS.has(flipped)) yield name.slice(0, i) + flipped + name.slice(i + 1);
      }
    }
  },
  *cyrillic(name) {
    // A label mixing scripts is shown as xn-- by browsers, so only an all-Cyrillic twin fools anyone.
    let twin = '';
    for (const char of name) {
      const cyrillic = CYRILLIC[char];
      if (!cyrillic) return;
      twin += cyrillic;
    }
    yield twin;
  },
  homoglyph: homoglyphs,
  *hyphenation(name) {
    for (let i = 1; i < name.length; i++) yield `${name.slice(0, i)}-${name.slice(i)}`;
  },
  *insertion(name) {
    for (let i = 1; i < name.length - 1; i++) {
      const char = name[i] ?? '';
      for (const key of NEIGHBOURS[char] ?? []) {
        yield name.slice(0, i) + key + name.slice(i);
        yield name.slice(0, i + 1) + key + name.slice(i + 1);
      }
    }
  },
  *omission(name) {
    for (let i = 0; i < name.length; i++) yield name.slice(0, i) + name.slice(i + 1);
  },
  *plural(name) {
    for (let i = 2; i < name.length - 2; i++) {
      const ending = 'sxz'.includes(name[i] ?? '') ? 'es' : 's';
      yield name.slice(0, i + 1) + ending + name.slice(i + 1);
    }
  },
  *repetition(name) {
    for (let i = 0; i < name.length; i++) yield name.slice(0, i + 1) + name.slice(i);
  },
  *replacement(name) {
    for (let i = 0; i < name.length; i++) {
      for (const key of NEIGHBOURS[name[i] ?? ''] ?? []) yield name.slice(0, i) + key + name.slice(i + 1);
    }
  },
  *transposition(name) {
    for (let i = 0; i < name.length - 1; i++) yield name.slice(0, i) + (name[i + 1] ?? '') + (name[i] ?? '') + name.slice(i + 2);
  },
  *['vowel-swap'](name) {
    for (let i = 0; i < name.length; i++) {
      if (!VOWELS.includes(name[i] ?? '')) continue;
      for (const vowel of VOWELS) yield name.slice(0, i) + vowel + name.slice(i + 1);
    }
  },
};

/**
 * dnstwist's windowed substitution (each glyph of each character, replacing every occurrence of
 * that character inside a window shorter than the name), computed without the windows: the
 * distinct results are exactly the runs of consecutive occurrences a window can cover.
 */
function glyphMix(name: string, into: Set<string>): void {
  const chars = Array.from(name);
  const positions = new Map<string, number[]>();
  chars.forEach((char, index) => {
    const list = positions.get(char);
    if (list) list.push(index);
    else positions.set(char, [index]);
  });
  for (const [char, places] of positions) {
    const glyphs = GLYPHS[char];
    if (!glyphs) continue;
    for (let first = 0; first < places.length; first++) {
      for (let last = first; last < places.length; last++) {
        const start = places[first] as number;
        const end = places[last] as number;
        if (end - start + 1 >= chars.length) continue;
        for (const glyph of glyphs) {
          const copy = chars.slice();
          for (let k = first; k <= last; k++) copy[places[k] as number] = glyph;
          into.add(copy.join(''));
        }
      }
    }
  }
}

/** Two rounds of substitution, as dnstwist does: one look-alike character, then a second one. */
function homoglyphs(name: string): Set<string> {
  const first = new Set<string>();
  glyphMix(name, first);
  const all = new Set(first);
  for (const variant of first) glyphMix(variant, all);
  return all;
}

function* subdomainSplits(name: string): Iterable<string> {
  for (let i = 1; i < name.length - 1; i++) {
    if (!'-.'.includes(name[i] ?? '') && !'-.'.includes(name[i - 1] ?? '')) yield `${name.slice(0, i)}.${name.slice(i)}`;
  }
}

function* dictionaryCombinations(name: string): Iterable<string> {
  for (const word of DICTIONARY_WORDS) {
    if (name.startsWith(word) && name.endsWith(word)) continue;
    yield `${name}-${word}`;
    yield name + word;
    yield `${word}-${name}`;
    yield word + name;
  }
  if (name.includes('-')) {
    const parts = name.split('-');
    for (const word of DICTIONARY_WORDS) {
      yield `${parts.slice(0, -1).join('-')}-${word}`;
      yield `${word}-${parts.slice(1).join('-')}`;
    }
  }
}

/** Whole names (label and suffix) from the suffix families. */
function* suffixVariants(name: string, suffix: string): Iterable<[Fuzzer, string]> {
  for (const tld of SWAP_TLDS) if (tld !== suffix) yield ['tld-swap', `${name}.${tld}`];
  if (suffix.includes('.')) {
    yield ['various', `${name}.${suffix.split('.').at(-1)}`];
    yield ['various', `${name}${suffix.replaceAll('.', '')}.${suffix}`];
  } else {
    yield ['various', `${name}${suffix}.${suffix}`];
    if (suffix !== 'com') {
      yield ['various', `${name}-${suffix}.com`];
      yield ['various', `${name}${suffix}.com`];
    }
  }
}

const MAX_NAME = 253;
const MAX_LABEL = 63;

/** The ASCII form of a name if it is a valid IDNA host name, otherwise null. */
function idnaHost(name: string): string | null {
  const ascii = domainToASCII(name);
  if (ascii === '' || ascii.length > MAX_NAME) return null;
  // IDNA maps some characters to others (`ſ` to `s`); such a name is not the one we made.
  if (ascii !== name && domainToUnicode(ascii) !== name) return null;
  for (const label of ascii.split('.')) {
    if (label === '' || label.length > MAX_LABEL || label.startsWith('-') || label.endsWith('-')) return null;
    // `ab--` is reserved for IDNA encodings; only a real xn-- label may use it.
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) return null;
    if (!/^[a-z0-9-]+$/.test(label)) return null;
  }
  return ascii;
}

/**
 * Every look-alike of a domain in dnstwist's sixteen families, each name once (under the first
 * family that made it), valid IDNA names only, the original excluded. A subdomain in the input
 * is kept in front of every variant, as dnstwist does.
 */
export function generateLookalikes(input: string): Lookalike[] {
  const host = domainToASCII(input.trim().toLowerCase().replace(/\.$/, ''));
  const parsed = parse(host, { allowPrivateDomains: false });
  if (host === '' || parsed.isIp || !parsed.domainWithoutSuffix || !parsed.publicSuffix) {
    throw new DomainInputError(`Not a registrable domain name: ${input}`);
  }
  // Fuzz what people read: an IDN's letters, not its xn-- encoding.
  const name = domainToUnicode(parsed.domainWithoutSuffix);
  const suffix = parsed.publicSuffix;
  const prefix = parsed.subdomain ? `${parsed.subdomain}.` : '';
  const original = parsed.hostname ?? host;

  const seen = new Set<string>([original]);
  const results: Lookalike[] = [];
  const add = (fuzzer: Fuzzer, candidate: string) => {
    const ascii = idnaHost(prefix + candidate);
    if (ascii === null || seen.has(ascii)) return;
    seen.add(ascii);
    results.push({ domain: ascii, fuzzer });
  };
  for (const fuzzer of FUZZERS) {
    if (fuzzer === 'tld-swap' || fuzzer === 'various') continue;
    const labels =
      fuzzer === 'subdomain' ? subdomainSplits(name) : fuzzer === 'dictionary' ? dictionaryCombinations(name) : LABEL_FUZZERS[fuzzer](name);
    for (const label of labels) add(fuzzer, `${label}.${suffix}`);
  }
  for (const [fuzzer, candidate] of suffixVariants(name, suffix)) add(fuzzer, candidate);
  return results;
}
