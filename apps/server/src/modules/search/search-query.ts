import { isIP } from 'node:net';
import { RISK_LEVELS, type RiskLevel, SEARCH_MAX_TERMS, SEARCH_WORD_MIN } from '@riskscan/contracts';
import { InvalidError } from '../../domain-errors.ts';
import { type FingerprintKind, isFingerprintHash } from './search-likeness.ts';
import type { SearchTerm, TermKind } from './search-terms.ts';

/** A look-alike modifier: like a stored scan's page (`similar:`, `structure:`) or a given hash (`favicon:`). */
export type Likeness = { kind: FingerprintKind; scanUid: string; field: string } | { kind: FingerprintKind; hash: string; field: string };

/** A search as the repository runs it: every part must match. */
export type ParsedSearch = {
  terms: SearchTerm[];
  levels: RiskLevel[];
  /** Inclusive start and exclusive end of `finished_at`. */
  from: Date | null;
  until: Date | null;
  /** Lower-cased words each found in the URL (host included). */
  words: string[];
  /** At most one look-alike modifier: the hits are then ranked by distance, closest first. */
  likeness: Likeness | null;
};

export const SEARCH_FIELDS = [
  'domain',
  'ip',
  'asn',
  'hash',
  'brand',
  'level',
  'date',
  'from',
  'to',
  'similar',
  'structure',
  'favicon',
] as const;
const LIKENESS_FIELDS = ['similar', 'structure', 'favicon'];
const FIELD_LIST = SEARCH_FIELDS.map((field) => `${field}:`).join(', ');
const DAY_MS = 86_400_000;

const invalid = (message: string) => InvalidError.field('q', message);

function day(text: string, field: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw invalid(`${field}: takes a date as YYYY-MM-DD, e.g. ${field}:2026-11-01.`);
  }
  return date;
}

const later = (a: Date | null, b: Date) => (a && a > b ? a : b);
const earlier = (a: Date | null, b: Date) => (a && a < b ? a : b);

/** `date:2026-11-01`, `date:>2026-11-01`, `date:>=…`, `date:<…`, `date:<=…` or `date:2026-11-01..2026-11-30`. */
function dateRange(value: string): { from: Date | null; until: Date | null } {
  const range = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (range) return { from: day(range[1]!, 'date'), until: new Date(day(range[2]!, 'date').getTime() + DAY_MS) };
  const compared = /^(>=|<=|>|<)?(.*)$/.exec(value)!;
  const date = day(compared[2]!, 'date');
  const next = new Date(date.getTime() + DAY_MS);
  switch (compared[1]) {
    case '>':
      return { from: next, until: null };
    case '>=':
      return { from: date, until: null };
    case '<':
      return { from: null, until: date };
    case '<=':
      return { from: null, until: next };
    default:
      return { from: date, until: next };
  }
}

function termValue(kind: TermKind, value: string): string {
  const text = value.toLowerCase();
  switch (kind) {
    case 'domain': {
      const host = text.replace(/\.$/, '');
      if (!/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(host) && !URL.canParse(`http://${host}/`)) {
        throw invalid(`domain: takes a host name such as example.com, not "${value}".`);
      }
      return URL.canParse(`http://${host}/`) ? new URL(`http://${host}/`).hostname : host;
    }
    case 'ip':
      if (!isIP(text)) throw invalid(`ip: takes an IPv4 or IPv6 address, not "${value}".`);
      return text;
    case 'asn': {
      const match = /^(?:as)?(\d{1,10})$/.exec(text);
      if (!match) throw invalid(`asn: takes an AS number such as 13335 or AS13335, not "${value}".`);
      return String(Number(match[1]));
    }
    case 'hash':
      if (!/^[0-9a-f]{16,128}$/.test(text)) throw invalid(`hash: takes a hexadecimal hash (16 to 128 digits), not "${value}".`);
      return text;
    case 'brand':
      return text;
  }
}

function likeness(field: string, value: string): Likeness {
  if (field === 'favicon') {
    const hash = value.toLowerCase();
    if (!isFingerprintHash(hash)) throw invalid(`favicon: takes a favicon hash of 16 hexadecimal digits, not "${value}".`);
    return { kind: 'favicon', hash, field };
  }
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw invalid(`${field}: takes the uid of a scan, not "${value}".`);
  return { kind: field === 'similar' ? 'screenshot' : 'structure', scanUid: value, field };
}

/** `field:value`, `field:"quoted value"`, `"quoted words"` or a word. */
const TOKEN = /([a-z]+):(?:"([^"]*)"|(\S*))|"([^"]*)"|(\S+)/gi;

/** Reads the `q` of `GET /search/`; throws a `q` field error that says what to write instead. */
export function parseSearch(q: string): ParsedSearch {
  const parsed: ParsedSearch = { terms: [], levels: [], from: null, until: null, words: [], likeness: null };
  for (const match of q.matchAll(TOKEN)) {
    const [whole, rawField, quoted, bare, quotedWords, word] = match;
    if (rawField === undefined) {
      const text = (quotedWords ?? word ?? '').trim().toLowerCase();
      if (text) parsed.words.push(text);
      continue;
    }
    const field = rawField.toLowerCase();
    // A pasted URL (`https://…`) is text to find, not a field.
    if (field === 'http' || field === 'https') {
      parsed.words.push(whole.toLowerCase());
      continue;
    }
    const value = (quoted ?? bare ?? '').trim();
    if (!(SEARCH_FIELDS as readonly string[]).includes(field))
      throw invalid(`Unknown search field "${rawField}:". Use ${FIELD_LIST} or plain words.`);
    if (value === '') throw invalid(`${field}: needs a value, e.g. ${field === 'level' ? 'level:danger' : `${field}:…`}.`);
    if (field === 'level') {
      const level = RISK_LEVELS.find((name) => name.toLowerCase() === value.toLowerCase());
      if (!level) throw invalid(`level: takes one of ${RISK_LEVELS.join(', ')}.`);
      parsed.levels.push(level);
    } else if (field === 'date') {
      const range = dateRange(value);
      if (range.from) parsed.from = later(parsed.from, range.from);
      if (range.until) parsed.until = earlier(parsed.until, range.until);
    } else if (LIKENESS_FIELDS.includes(field)) {
      if (parsed.likeness) throw invalid('Use one of similar:, structure: or favicon: in a search, not several.');
      parsed.likeness = likeness(field, value);
    } else if (field === 'from') {
      parsed.from = later(parsed.from, day(value, 'from'));
    } else if (field === 'to') {
      parsed.until = earlier(parsed.until, new Date(day(value, 'to').getTime() + DAY_MS));
    } else {
      const kind = field as TermKind;
      parsed.terms.push({ kind, value: termValue(kind, value) });
    }
  }
  if (parsed.terms.length + parsed.levels.length + parsed.words.length === 0 && !parsed.from && !parsed.until && !parsed.likeness) {
    throw invalid('Enter something to search for.');
  }
  // Bounded in number and shape, so that every search is a few index lookups.
  if (parsed.terms.length + parsed.levels.length + parsed.words.length > SEARCH_MAX_TERMS) {
    throw invalid(`Use at most ${SEARCH_MAX_TERMS} terms in one search.`);
  }
  const short = parsed.words.find((word) => [...word].length < SEARCH_WORD_MIN);
  if (short !== undefined) throw invalid(`Words need at least ${SEARCH_WORD_MIN} characters: "${short}" is too short.`);
  return parsed;
}
