import { readFileSync } from 'node:fs';

/** One Wappalyzer pattern: `regex\;version:\1\;confidence:50`. */
export interface Pattern {
  regex: RegExp;
  version: string | null;
  confidence: number;
}

export interface Fingerprint {
  name: string;
  categories: string[];
  headers: [string, Pattern[]][];
  cookies: [string, Pattern[]][];
  meta: [string, Pattern[]][];
  js: [string, Pattern[]][];
  html: Pattern[];
  scriptSrc: Pattern[];
  scripts: Pattern[];
  url: Pattern[];
  implies: { name: string; confidence: number }[];
  excludes: string[];
  requires: string[];
}

type Patterns = string | string[] | undefined;
interface RawTechnology {
  cats?: number[];
  headers?: Record<string, Patterns>;
  cookies?: Record<string, Patterns>;
  meta?: Record<string, Patterns>;
  js?: Record<string, Patterns>;
  html?: Patterns;
  scriptSrc?: Patterns;
  scripts?: Patterns;
  url?: Patterns;
  implies?: Patterns;
  excludes?: Patterns;
  requires?: Patterns;
}
interface RawData {
  source: string;
  categories: Record<string, string>;
  technologies: Record<string, RawTechnology>;
}

const list = (value: Patterns): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Parses one pattern; null for the few expressions JavaScript cannot compile (the data is written for several engines). */
export function parsePattern(text: string): Pattern | null {
  const [source = '', ...tags] = text.split('\\;');
  let version: string | null = null;
  let confidence = 100;
  for (const tag of tags) {
    const separator = tag.indexOf(':');
    const key = tag.slice(0, separator);
    const value = tag.slice(separator + 1);
    if (key === 'version') version = value;
    else if (key === 'confidence') confidence = Number(value) || 0;
  }
  try {
    // Wappalyzer matches case-insensitively; some patterns carry PCRE-only syntax and are skipped.
    return { regex: new RegExp(source, 'i'), version, confidence };
  } catch {
    return null;
  }
}

const patterns = (value: Patterns): Pattern[] => list(value).flatMap((text) => parsePattern(text) ?? []);
const keyed = (record: Record<string, Patterns> | undefined, lowerCase: boolean): [string, Pattern[]][] =>
  Object.entries(record ?? {}).map(([key, value]) => [lowerCase ? key.toLowerCase() : key, patterns(value)]);

export function compileFingerprints(data: RawData): Fingerprint[] {
  return Object.entries(data.technologies).map(([name, raw]) => ({
    name,
    categories: (raw.cats ?? []).map((id) => data.categories[String(id)]).filter((category) => category !== undefined),
    headers: keyed(raw.headers, true),
    cookies: keyed(raw.cookies, true),
    meta: keyed(raw.meta, true),
    js: keyed(raw.js, false),
    html: patterns(raw.html),
    scriptSrc: patterns(raw.scriptSrc),
    scripts: patterns(raw.scripts),
    url: patterns(raw.url),
    implies: list(raw.implies).map((text) => {
      const [implied = '', ...tags] = text.split('\\;');
      const confidence = tags.find((tag) => tag.startsWith('confidence:'));
      return { name: implied, confidence: confidence ? Number(confidence.slice('confidence:'.length)) : 100 };
    }),
    excludes: list(raw.excludes),
    requires: list(raw.requires),
  }));
}

let bundled: Fingerprint[] | undefined;

/** The bundled fingerprints (built by `build-fingerprints.ts`), compiled once on first use. */
export function bundledFingerprints(): Fingerprint[] {
  bundled ??= compileFingerprints(
    JSON.parse(readFileSync(new URL('./data/webappanalyzer/webtech-fingerprints.json', import.meta.url), 'utf8')) as RawData,
  );
  return bundled;
}

/** JavaScript globals the fingerprints ask about: what a browser stage should read into `RenderedPage.globals`. */
export function webtechGlobalNames(fingerprints: readonly Fingerprint[] = bundledFingerprints()): string[] {
  return [...new Set(fingerprints.flatMap((fingerprint) => fingerprint.js.map(([name]) => name)))].sort();
}
