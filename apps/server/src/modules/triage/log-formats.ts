import type { LogFormat } from '@riskscan/contracts';

/** One visit read from a proxy log; `host` is the name (or address) the client asked for. */
export type Visit = { time: string | null; client: string | null; method: string | null; url: string; host: string };

export type FieldMap = Record<keyof Visit, string[]>;

/** Where JSON-lines logs usually keep each field (ECS, Zscaler-, Netskope- and Squid-to-JSON shapes). */
export const DEFAULT_FIELD_MAP: FieldMap = {
  time: ['time', 'timestamp', '@timestamp', 'ts', 'datetime', 'event.created'],
  client: ['client', 'client_ip', 'src', 'src_ip', 'srcip', 'source.ip', 'cip'],
  method: ['method', 'http_method', 'request_method', 'reqmethod', 'http.request.method'],
  url: ['url', 'request', 'uri', 'request_url', 'url.full', 'url.original'],
  host: ['host', 'hostname', 'dhost', 'domain', 'url.domain', 'destination.domain'],
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

function hostOf(target: string): string | null {
  if (target.includes('://')) {
    const start = target.indexOf('://') + 3;
    let end = start;
    while (end < target.length && !'/?#'.includes(target[end]!)) end++;
    const authority = target.slice(start, end);
    const at = authority.lastIndexOf('@');
    return stripPort(at === -1 ? authority : authority.slice(at + 1));
  }
  // CONNECT host:443, or a bare host.
  return stripPort(target.split('/')[0]!);
}

// A DNS name with at least one dot, or an IPv4 address; Squid's `error:...` pseudo-URLs are neither.
const HOST_NAME = /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?\.)+[a-z0-9-]+$/;

function stripPort(authority: string): string | null {
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1) || null;
  const colon = authority.lastIndexOf(':');
  const host = (colon === -1 ? authority : authority.slice(0, colon)).toLowerCase().replace(/\.$/, '');
  return HOST_NAME.test(host) ? host : null;
}

function epochToIso(seconds: number): string | null {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

/**
 * Squid's native access.log: `time elapsed client code/status bytes method URL ident hierarchy type`,
 * time in epoch seconds with milliseconds.
 */
export function parseSquidLine(line: string): Visit | null {
  const fields = line.trim().split(/\s+/);
  if (fields.length < 7) return null;
  const [time, , client, , , method, url] = fields as [string, string, string, string, string, string, string];
  const host = hostOf(url);
  if (!host) return null;
  return { time: epochToIso(Number(time)), client, method, url, host };
}

function unescapeCef(value: string): string {
  return value.replace(/\\([\\=|nr])/g, (_, char: string) => (char === 'n' ? '\n' : char === 'r' ? '\r' : char));
}

/** The `key=value` extension of a CEF record; a value runs until the next ` key=`. */
function cefExtension(extension: string): Map<string, string> {
  const fields = new Map<string, string>();
  const keyPattern = /(?:^|\s)([A-Za-z0-9_.[\]-]+)=/g;
  const keys: { key: string; start: number; valueStart: number }[] = [];
  for (const match of extension.matchAll(keyPattern)) {
    // An escaped \= belongs to a value, not a new key.
    if (extension[match.index + match[0].length - 2] === '\\') continue;
    keys.push({ key: match[1]!, start: match.index, valueStart: match.index + match[0].length });
  }
  keys.forEach((entry, index) => {
    const end = index + 1 < keys.length ? keys[index + 1]!.start : extension.length;
    fields.set(entry.key, unescapeCef(extension.slice(entry.valueStart, end).trim()));
  });
  return fields;
}

function cefTime(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d{10,13}$/.test(value)) return new Date(value.length === 13 ? Number(value) : Number(value) * 1000).toISOString();
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? value : new Date(parsed).toISOString();
}

/** ArcSight CEF (as Blue Coat, Zscaler and Forcepoint forward web logs), syslog prefix allowed. */
export function parseCefLine(line: string): Visit | null {
  const start = line.indexOf('CEF:');
  if (start === -1) return null;
  // Seven unescaped pipes separate the header from the extension.
  let pipes = 0;
  let index = start;
  for (; index < line.length && pipes < 7; index++) {
    if (line[index] === '\\') index++;
    else if (line[index] === '|') pipes++;
  }
  if (pipes < 7) return null;
  const fields = cefExtension(line.slice(index));
  const url = fields.get('request') ?? fields.get('requestURL');
  const host = fields.get('dhost') ?? (url ? hostOf(url) : null);
  if (!url && !host) return null;
  return {
    time: cefTime(fields.get('rt') ?? fields.get('start') ?? fields.get('end')),
    client: fields.get('src') ?? fields.get('shost') ?? null,
    method: fields.get('requestMethod') ?? null,
    url: url ?? host!,
    host: (host ?? hostOf(url!))!.toLowerCase(),
  };
}

function pick(record: Record<string, unknown>, paths: string[]): string | null {
  for (const path of paths) {
    let value: unknown = record[path];
    if (value === undefined && path.includes('.')) {
      value = record;
      for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

/** One JSON object per line; `fields` says where each part of the visit is. */
export function parseJsonLine(line: string, fields: FieldMap): Visit | null {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return null;
  }
  if (!record || typeof record !== 'object') return null;
  const url = pick(record as Record<string, unknown>, fields.url);
  const host = pick(record as Record<string, unknown>, fields.host)?.toLowerCase() ?? (url ? hostOf(url) : null);
  if (!host) return null;
  const time = pick(record as Record<string, unknown>, fields.time);
  return {
    time: time && /^\d+(\.\d+)?$/.test(time) ? epochToIso(Number(time) > 1e12 ? Number(time) / 1000 : Number(time)) : time,
    client: pick(record as Record<string, unknown>, fields.client),
    method: pick(record as Record<string, unknown>, fields.method),
    url: url ?? host,
    host,
  };
}

export function lineParser(format: LogFormat, fields: FieldMap = DEFAULT_FIELD_MAP): (line: string) => Visit | null {
  if (format === 'squid') return parseSquidLine;
  if (format === 'cef') return parseCefLine;
  return (line) => parseJsonLine(line, fields);
}
