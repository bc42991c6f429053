import type { WebTech } from '@riskscan/contracts';
import type { Fingerprint, Pattern } from './webtech-fingerprints.ts';

/** What a page shows about the software behind it. */
export interface WebtechEvidence {
  url: string;
  /** Response headers, names in lower case. */
  headers: Readonly<Record<string, string>>;
  cookies: Readonly<Record<string, string>>;
  html: string;
  /** Script URLs: `<script src>` and, when rendered, every script the browser loaded. */
  scriptUrls: readonly string[];
  inlineScripts: readonly string[];
  /** Meta tags by lower-case name. */
  meta: Readonly<Record<string, string>>;
  /** JavaScript globals of the rendered page, as strings. */
  globals: Readonly<Record<string, string>>;
}

/** Wappalyzer's version templates: `\1` is a capture group, `\1?yes:no` a choice on whether it matched. */
export function resolveVersion(template: string, match: RegExpExecArray): string {
  let resolved = template;
  match.forEach((group, index) => {
    const ternary = new RegExp(`\\\\${index}\\?([^:]+):(.*)$`).exec(resolved);
    if (ternary) resolved = resolved.replace(ternary[0], group ? (ternary[1] ?? '') : (ternary[2] ?? ''));
    resolved = resolved.replaceAll(`\\${index}`, group ?? '');
  });
  return resolved.trim();
}

interface Detection {
  confidence: number;
  version: string | null;
}

/** Longer version strings are more specific (`3.7.1` over `3`). */
const better = (current: string | null, candidate: string | null) =>
  candidate && (!current || candidate.length > current.length) ? candidate : current;

/** Huge pages are cut before regex matching so one page cannot stall the scan on thousands of patterns. */
const HTML_LIMIT = 500_000;

/** Pure: the technologies the evidence shows, with versions and categories, in name order. */
export function detectWebtech(evidence: WebtechEvidence, fingerprints: readonly Fingerprint[]): WebTech[] {
  const found = new Map<string, Detection>();
  const html = evidence.html.slice(0, HTML_LIMIT);

  const record = (name: string, pattern: Pattern, value: string) => {
    const match = pattern.regex.exec(value);
    if (!match) return;
    const entry = found.get(name) ?? { confidence: 0, version: null };
    entry.confidence = Math.min(100, entry.confidence + pattern.confidence);
    if (pattern.version) entry.version = better(entry.version, resolveVersion(pattern.version, match) || null);
    found.set(name, entry);
  };
  const keyedValues = (name: string, rules: [string, Pattern[]][], values: Readonly<Record<string, string>>) => {
    for (const [key, patterns] of rules) {
      const value = values[key];
      if (value !== undefined) for (const pattern of patterns) record(name, pattern, value);
    }
  };

  for (const fingerprint of fingerprints) {
    const { name } = fingerprint;
    keyedValues(name, fingerprint.headers, evidence.headers);
    keyedValues(name, fingerprint.cookies, evidence.cookies);
    keyedValues(name, fingerprint.meta, evidence.meta);
    keyedValues(name, fingerprint.js, evidence.globals);
    for (const pattern of fingerprint.html) record(name, pattern, html);
    for (const pattern of fingerprint.url) record(name, pattern, evidence.url);
    for (const url of evidence.scriptUrls) for (const pattern of fingerprint.scriptSrc) record(name, pattern, url);
    for (const script of evidence.inlineScripts) for (const pattern of fingerprint.scripts) record(name, pattern, script);
  }

  const byName = new Map(fingerprints.map((fingerprint) => [fingerprint.name, fingerprint]));
  // Implications chain (WordPress → PHP); each implied technology is added once.
  const pending = [...found.keys()];
  while (pending.length > 0) {
    const name = pending.pop()!;
    for (const implied of byName.get(name)?.implies ?? []) {
      if (found.has(implied.name) || !byName.has(implied.name)) continue;
      found.set(implied.name, { confidence: Math.min(found.get(name)!.confidence, implied.confidence), version: null });
      pending.push(implied.name);
    }
  }
  for (const name of [...found.keys()]) for (const excluded of byName.get(name)?.excludes ?? []) found.delete(excluded);

  return [...found.entries()]
    .filter(
      ([name, detection]) => detection.confidence >= 50 && (byName.get(name)?.requires ?? []).every((required) => found.has(required)),
    )
    .map(([name, detection]) => ({ name, version: detection.version, categories: byName.get(name)?.categories ?? [] }))
    .sort((left, right) => left.name.localeCompare(right.name));
}
