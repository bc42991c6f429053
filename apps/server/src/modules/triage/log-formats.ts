import type { ConcreteLogFormat, LogFormat } from '@riskscan/contracts';
import { type LogTemplate, parseLogTemplate, templateReader } from './log-template.ts';
import { clfTime, empty, hostOf, type LogReader, type Skip, type Visit, visitFromParts } from './log-visit.ts';
import { withoutSyslogHeader } from './syslog-envelope.ts';

export type { LogReader, Skip, Visit };

export type FieldMap = Record<keyof Visit, string[]>;

/** Where JSON-lines logs usually keep each field (ECS, Zeek, Zscaler, Netskope and Squid-to-JSON shapes). */
export const DEFAULT_FIELD_MAP: FieldMap = {
  time: ['time', 'timestamp', '@timestamp', 'ts', 'datetime', 'event.created', 'event.datetime'],
  client: ['client', 'client_ip', 'src', 'src_ip', 'srcip', 'source.ip', 'cip', 'id.orig_h', 'event.cip'],
  method: ['method', 'http_method', 'request_method', 'reqmethod', 'http.request.method', 'event.reqmethod'],
  url: ['url', 'request', 'request_url', 'url.full', 'url.original', 'eurl', 'event.url', 'event.eurl', 'uri'],
  host: ['host', 'hostname', 'dhost', 'domain', 'url.domain', 'destination.domain', 'event.hostname', 'event.host'],
};

/** `url=request.url,client=src` on the command line: the named fields replace the defaults. */
export function parseFieldMap(option: string | undefined): FieldMap {
  const map: FieldMap = { ...DEFAULT_FIELD_MAP };
  if (!option) return map;
  for (const entry of option.split(',')) {
    const [key, path] = entry.split('=').map((part) => part.trim());
    if (!key || !path || !(key in map))
      throw new Error(`Unknown field map entry "${entry}": use time, client, method, url or host, e.g. url=request.url`);
    map[key as keyof Visit] = [path];
  }
  return map;
}

function epochToIso(seconds: number): string | null {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

/** Epoch seconds or milliseconds, or any date `Date.parse` reads; other text is kept as written. */
function anyTime(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{9,13}(\.\d+)?$/.test(value)) return epochToIso(Number(value) > 1e12 ? Number(value) / 1000 : Number(value));
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : new Date(parsed).toISOString();
}

/** The first set value among a record's fields of these names. */
function firstOf(record: Map<string, string>): (names: string[]) => string | null {
  return (names) => {
    for (const name of names) {
      const value = empty(record.get(name));
      if (value) return value;
    }
    return null;
  };
}

/** A visit from a record whose fields `get` finds by the names `map` lists for each part. */
function visitFromFields(map: FieldMap, get: (names: string[]) => string | null): Visit | Skip {
  return visitFromParts({
    time: anyTime(get(map.time)),
    client: get(map.client),
    method: get(map.method),
    url: get(map.url),
    host: get(map.host),
  });
}

const METHOD = /^[A-Z][A-Z_-]{1,19}$/;

/** Squid's native access.log: `time elapsed client code/status bytes method URL ident hierarchy type`. */
export function parseSquidLine(line: string): Visit | Skip {
  const fields = line.trim().split(/\s+/);
  if (fields.length < 7) return 'unreadable';
  const [time, , client, code, , method, url] = fields as [string, string, string, string, string, string, string];
  if (!/^\d{9,}(\.\d+)?$/.test(time) || !code.includes('/') || !(METHOD.test(method) || method === '-')) return 'unreadable';
  const host = hostOf(url);
  if (!host) return 'no_host';
  return { time: epochToIso(Number(time)), client, method: method === '-' ? null : method, url, host };
}

/**
 * The combined log format of Apache, nginx and Squid (`logformat combined`):
 * `[vhost[:port]] client ident user [time] "METHOD target PROTOCOL" status bytes "referer" "agent"`.
 * A path-only target takes its host from the virtual host; without one there is nothing to judge.
 */
export function parseCombinedLine(line: string): Visit | Skip {
  const open = line.indexOf(' [');
  const close = open === -1 ? -1 : line.indexOf(']', open);
  if (close === -1) return 'unreadable';
  const prefix = line.slice(0, open).trim().split(/\s+/);
  if (prefix.length < 3 || prefix.length > 4) return 'unreadable';
  const vhost = prefix.length === 4 ? prefix[0]! : null;
  const client = prefix[prefix.length - 3]!;
  const time = clfTime(line.slice(open + 2, close));
  if (!time) return 'unreadable';
  const quote = line.indexOf('"', close);
  if (quote === -1) return 'unreadable';
  let end = quote + 1;
  while (end < line.length && !(line[end] === '"' && line[end - 1] !== '\\')) end++;
  const request = line.slice(quote + 1, end).split(' ');
  const method = request[0] ?? '';
  const target = request[1];
  if (!METHOD.test(method) || !target) return 'unreadable';
  const absolute = target.includes('://') || method === 'CONNECT';
  const port = vhost?.split(':')[1];
  const url = absolute ? target : vhost ? `${port === '443' ? 'https' : 'http'}://${vhost.split(':')[0]}${target}` : target;
  return visitFromParts({ time, client: empty(client), method, url, host: absolute ? hostOf(target) : vhost });
}

/** Splits on `separator`, with double quotes grouping (ELFF and CSV); `""` inside quotes is a quote. */
function splitQuoted(line: string, separator: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (separator === ' ' ? char === ' ' || char === '\t' : char === separator) {
      if (separator !== ' ' || current !== '') fields.push(current);
      current = '';
    } else current += char;
  }
  if (separator !== ' ' || current !== '') fields.push(current);
  return fields;
}

function headerReader(
  prefix: string,
  separator: string,
  toVisit: (record: Map<string, string>) => Visit | Skip,
  /** The field names of a line that comes with no header line before it, when they can be told. */
  withoutHeader: (values: string[]) => string[] | null = () => null,
): LogReader {
  let names: string[] | null = null;
  return {
    read(line) {
      if (line.startsWith('#')) {
        if (line.startsWith(prefix))
          names = line
            .slice(prefix.length)
            .trim()
            .split(separator === '\t' ? '\t' : /\s+/)
            .map((name) => name.toLowerCase());
        return 'header';
      }
      const values = separator === '\t' ? line.split('\t') : splitQuoted(line, separator);
      const fields = names ?? withoutHeader(values);
      if (!fields || values.length !== fields.length) return 'unreadable';
      return toVisit(new Map(fields.map((name, index) => [name, values[index]!])));
    },
  };
}

/** Zeek's http.log as TSV: `#fields ts uid id.orig_h ... method host uri ...`, `-` for unset. */
export function zeekReader(): LogReader {
  return headerReader('#fields', '\t', (record) => {
    const ts = empty(record.get('ts'));
    return visitFromParts({
      time: ts ? anyTime(ts) : null,
      client: empty(record.get('id.orig_h')),
      method: empty(record.get('method')),
      url: empty(record.get('uri')),
      host: empty(record.get('host')),
    });
  });
}

/**
 * ProxySG's predefined access-log formats, as a log forwarded over syslog (or a custom upload
 * client) sends them: lines with no `#Fields:` header. `main` as SGOS 6.7+ defines it and with the
 * older `s-hierarchy`, and `bcreportermain_v1`, the format Blue Coat Reporter reads.
 */
const PROXYSG_FORMATS = [
  'date time time-taken c-ip sc-status s-action sc-bytes cs-bytes cs-method cs-uri-scheme cs-host cs-uri-port cs-uri-path cs-uri-query cs-username cs-auth-group s-supplier-name rs(content-type) cs(referer) cs(user-agent) sc-filter-result cs-categories x-virus-id s-ip',
  'date time time-taken c-ip sc-status s-action sc-bytes cs-bytes cs-method cs-uri-scheme cs-host cs-uri-port cs-uri-path cs-uri-query cs-username cs-auth-group s-hierarchy s-supplier-name rs(content-type) cs(referer) cs(user-agent) sc-filter-result cs-categories x-virus-id s-ip',
  'date time time-taken c-ip cs-username cs-auth-group x-exception-id sc-filter-result cs-categories cs(referer) sc-status s-action cs-method rs(content-type) cs-uri-scheme cs-host cs-uri-port cs-uri-path cs-uri-query cs-uri-extension cs(user-agent) s-ip sc-bytes cs-bytes x-virus-id',
].map((format) => format.split(' '));

/** The ProxySG format a headerless line is in: the one of its length whose date, time and method read as such. */
function proxySgFormat(values: string[]): string[] | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values[0] ?? '') || !/^\d{2}:\d{2}:\d{2}$/.test(values[1] ?? '')) return null;
  return PROXYSG_FORMATS.find((names) => names.length === values.length && HTTP_METHODS.has(values[names.indexOf('cs-method')]!)) ?? null;
}

/**
 * Blue Coat / Symantec ProxySG ELFF and W3C extended logs (IIS too): `#Fields: date time c-ip
 * cs-method cs-uri-scheme cs-host cs-uri-port cs-uri-path cs-uri-query ...`, values quoted when
 * they hold spaces; without the header, ProxySG's own formats (`PROXYSG_FORMATS`).
 */
export function elffReader(): LogReader {
  return headerReader(
    '#Fields:',
    ' ',
    (record) => {
      const first = firstOf(record);
      const field = (...names: string[]) => first(names);
      const date = field('date');
      const clock = field('time');
      const method = field('cs-method');
      const host = field('cs-host', 'cs(host)', 'r-host', 'x-cs-host');
      let url = field('cs-uri', 'cs-url');
      if (!url && host) {
        const scheme = field('cs-uri-scheme');
        const port = field('cs-uri-port', 's-port');
        const path = field('cs-uri-path', 'cs-uri-stem') ?? '/';
        const query = field('cs-uri-query');
        const web = scheme === 'https' || port === '443' || method === 'CONNECT' ? 'https' : 'http';
        url = `${web}://${host}${path.startsWith('/') ? path : '/'}${query && query !== '?' ? (query.startsWith('?') ? query : `?${query}`) : ''}`;
      }
      return visitFromParts({
        time: date && clock ? anyTime(`${date}T${clock}Z`) : null,
        client: field('c-ip'),
        method,
        url,
        host,
      });
    },
    proxySgFormat,
  );
}

function unescapeCef(value: string): string {
  return value.replace(/\\([\\=|nr])/g, (_, char: string) => (char === 'n' ? '\n' : char === 'r' ? '\r' : char));
}

/** `key=value` pairs where a value runs until the next ` key=` (CEF extensions, Zscaler's key=value feeds). */
function keyValues(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  const keyPattern = /(?:^|\s)([A-Za-z0-9_.[\]-]+)=/g;
  const keys: { key: string; start: number; valueStart: number }[] = [];
  for (const match of text.matchAll(keyPattern)) {
    // An escaped \= belongs to a value, not a new key.
    if (text[match.index + match[0].length - 2] === '\\') continue;
    keys.push({ key: match[1]!, start: match.index, valueStart: match.index + match[0].length });
  }
  keys.forEach((entry, index) => {
    const end = index + 1 < keys.length ? keys[index + 1]!.start : text.length;
    fields.set(entry.key, unescapeCef(text.slice(entry.valueStart, end).trim()));
  });
  return fields;
}

/** ArcSight CEF (as Blue Coat, Zscaler and Forcepoint forward web logs), syslog prefix allowed. */
export function parseCefLine(line: string): Visit | Skip {
  const start = line.indexOf('CEF:');
  if (start === -1) return 'unreadable';
  // Seven unescaped pipes separate the header from the extension.
  let pipes = 0;
  let index = start;
  for (; index < line.length && pipes < 7; index++) {
    if (line[index] === '\\') index++;
    else if (line[index] === '|') pipes++;
  }
  if (pipes < 7) return 'unreadable';
  const fields = keyValues(line.slice(index));
  return visitFromParts({
    time: anyTime(fields.get('rt') ?? fields.get('start') ?? fields.get('end')),
    client: fields.get('src') ?? fields.get('shost') ?? null,
    method: fields.get('requestMethod') ?? null,
    url: fields.get('request') ?? fields.get('requestURL') ?? null,
    host: fields.get('dhost') ?? null,
  });
}

const ZSCALER_KEYS: FieldMap = {
  time: ['datetime', 'time', 'epochtime'],
  client: ['cip', 'clientip', 'src'],
  method: ['reqmethod', 'requestmethod', 'method'],
  url: ['url', 'eurl'],
  host: ['hostname', 'host', 'ehost'],
};
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'PATCH', 'CONNECT', 'TRACE']);

function fromNamed(record: Map<string, string>): Visit | Skip {
  return visitFromFields(ZSCALER_KEYS, firstOf(record));
}

/**
 * Zscaler NSS web feeds: key=value (`datetime=... cip=... url=... hostname=...`), CSV with a
 * header line naming the fields, or the usual quoted CSV without one (`"time","login","proto","eurl",...`),
 * where the URL is the field that reads as a host with a path, the client the first IPv4 address,
 * the time the first field that reads as a date.
 */
export function zscalerReader(): LogReader {
  let names: string[] | null = null;
  return {
    read(line) {
      if (!line.includes('"') && /(?:^|\s)(?:url|eurl|hostname|cip)=/.test(line)) return fromNamed(keyValues(line));
      const values = splitQuoted(line, ',');
      if (values.length < 4) return 'unreadable';
      const lower = values.map((value) => value.trim().toLowerCase());
      if (
        !names &&
        lower.some((value) => value === 'url' || value === 'eurl') &&
        lower.some((value) => ZSCALER_KEYS.time.includes(value) || ZSCALER_KEYS.client.includes(value))
      ) {
        names = lower;
        return 'header';
      }
      if (names)
        return names.length === values.length ? fromNamed(new Map(names.map((name, index) => [name, values[index]!]))) : 'unreadable';
      let time: string | null = null;
      let client: string | null = null;
      let method: string | null = null;
      let url: string | null = null;
      for (const value of values) {
        const text = value.trim();
        if (!client && IPV4.test(text)) client = text;
        else if (!method && HTTP_METHODS.has(text)) method = text;
        else if (!url && !text.includes(' ') && text.includes('.') && !IPV4.test(text) && /\.[a-z]{2,}(?::\d+)?$/i.test(hostOf(text) ?? ''))
          url = text;
        else if (!time && /\d/.test(text) && /[:/-]/.test(text) && !Number.isNaN(Date.parse(text)))
          time = new Date(Date.parse(text)).toISOString();
      }
      return url ? visitFromParts({ time, client, method, url, host: null }) : 'unreadable';
    },
  };
}

function pick(record: Record<string, unknown>, paths: string[]): string | null {
  for (const path of paths) {
    let value: unknown = record[path];
    if (value === undefined && path.includes('.')) {
      value = record;
      for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value === 'string' && value !== '' && value !== '-') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

/** One JSON object per line; `fields` says where each part of the visit is. */
export function parseJsonLine(line: string, fields: FieldMap): Visit | Skip {
  if (!line.trimStart().startsWith('{')) return 'unreadable';
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return 'unreadable';
  }
  if (!record || typeof record !== 'object') return 'unreadable';
  return visitFromFields(fields, (paths) => pick(record as Record<string, unknown>, paths));
}

function lineByLine(parse: (line: string) => Visit | Skip): () => LogReader {
  return () => ({ read: (line) => (line.startsWith('#') ? 'header' : parse(line)) });
}

/** How a log is read beyond its format: where JSON lines keep each part, and the caller's template. */
export type ReadOptions = { fields?: FieldMap; template?: LogTemplate };

/** What a hunt is asked to read the log as (`POST /triage/log/`'s query). */
export type LogQuery = { format: LogFormat; fields?: string; template?: string };

/** How the query says the log is read: a field map for JSON lines, or the log's own template. Throws on a bad one. */
export function readOptionsOf(query: LogQuery): ReadOptions {
  if (query.format === 'template' && !query.template) throw new Error('Give the log\'s template in "template" to read it as a template.');
  if (query.template && query.format !== 'auto' && query.format !== 'template')
    throw new Error(`A template reads the log by itself: leave "format" out or set it to template, not ${query.format}.`);
  return { fields: parseFieldMap(query.fields), template: query.template ? parseLogTemplate(query.template) : undefined };
}

/**
 * A fresh reader of each format; `fields` applies to JSON lines, `template` is what `template`
 * reads. A syslog header before a line (a log forwarded over syslog) is read past in every format.
 */
export function logReader(format: ConcreteLogFormat, { fields = DEFAULT_FIELD_MAP, template }: ReadOptions = {}): LogReader {
  const readers: Record<ConcreteLogFormat, () => LogReader> = {
    squid: lineByLine(parseSquidLine),
    combined: lineByLine(parseCombinedLine),
    zeek: zeekReader,
    elff: elffReader,
    zscaler: zscalerReader,
    cef: lineByLine(parseCefLine),
    jsonl: lineByLine((line) => parseJsonLine(line, fields)),
    template: () => {
      if (!template) throw new Error('The template format needs a template.');
      return templateReader(template);
    },
  };
  const reader = readers[format]();
  return { read: (line) => reader.read(withoutSyslogHeader(line)) };
}

/** Human names of the formats, for answers that say what was tried. */
export const LOG_FORMAT_NAMES: Record<ConcreteLogFormat, string> = {
  squid: 'Squid native',
  combined: 'Apache/nginx/Squid combined',
  zeek: 'Zeek http.log (TSV)',
  elff: 'Blue Coat/Symantec ELFF or W3C extended',
  zscaler: 'Zscaler NSS (CSV or key=value)',
  cef: 'CEF',
  jsonl: 'JSON lines (ECS, Zeek JSON, Zscaler JSON)',
  template: 'the template given',
};

// Tried in this order; on a tie the earlier, stricter format wins. A template is never guessed.
export const DETECTION_ORDER: ConcreteLogFormat[] = ['zeek', 'elff', 'cef', 'jsonl', 'squid', 'combined', 'zscaler'];

/**
 * The format the sample lines are written in: the one that reads the most of them (a line with
 * no host to judge still counts as read), and at least half of the lines that are not headers.
 * Null when no format reads any.
 */
export function detectLogFormat(
  sample: string[],
  options: ReadOptions = {},
  candidates: ConcreteLogFormat[] = DETECTION_ORDER,
): ConcreteLogFormat | null {
  let best: { format: ConcreteLogFormat; read: number } | null = null;
  for (const format of candidates) {
    const reader = logReader(format, options);
    let read = 0;
    let content = 0;
    for (const line of sample) {
      if (line.trim() === '') continue;
      const outcome = reader.read(line);
      if (outcome === 'header') continue;
      content++;
      if (outcome !== 'unreadable') read++;
    }
    if (read > 0 && read * 2 >= content && (!best || read > best.read)) best = { format, read };
  }
  return best?.format ?? null;
}
