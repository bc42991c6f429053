import { clfTime, type LogReader, type Skip, type Visit, visitFromParts } from './log-visit.ts';

/** What a code of the template says about a visit; `other` codes are read and left aside. */
type Role = 'epoch' | 'millis' | 'clf' | 'client' | 'method' | 'url' | 'request' | 'path' | 'query' | 'host' | 'scheme' | 'other';

/** Codes of Squid's `logformat` (and of Apache's `LogFormat`, which Squid's `combined` borrows) that carry a part of the visit. */
const CODES = new Map<string, Role>([
  ['>ru', 'url'],
  ['ru', 'url'],
  ['>rp', 'path'],
  ['rp', 'path'],
  ['>rd', 'host'],
  ['rd', 'host'],
  ['>rs', 'scheme'],
  ['rs', 'scheme'],
  ['>rm', 'method'],
  ['rm', 'method'],
  ['tS', 'epoch'],
  ['ts', 'epoch'],
  ['tu', 'millis'],
  ['tl', 'clf'],
  ['tg', 'clf'],
  ['>a', 'client'],
  ['>A', 'client'],
  // Apache: %h client, %t [time], %r request line, %m method, %U path, %q query, %v virtual host.
  ['h', 'client'],
  ['a', 'client'],
  ['t', 'clf'],
  ['r', 'request'],
  ['m', 'method'],
  ['U', 'path'],
  ['q', 'query'],
  ['v', 'host'],
]);
const CLF_TIME = String.raw`\[?\d{1,2}/[A-Za-z]{3}/\d{4}:\d{2}:\d{2}:\d{2}(?: [+-]\d{4})?\]?`;
const QUOTED = '((?:[^"\\\\]|\\\\.)*)';
// A `%` code: Squid's modifiers (quote, escape, alignment, width), an optional `{argument}`, the code.
const CODE = /^%(["'[#/+-]*)(\d*)(?:\{([^}]*)\})?([<>]{0,2}[A-Za-z]+(?:::[<>]?[A-Za-z_]+)?)?/;

export type LogTemplate = { pattern: RegExp; roles: Role[] };

export class LogTemplateError extends Error {}

function roleOf(code: string, argument: string | undefined): Role {
  // `%{Host}>h` (Squid) and `%{Host}i` (Apache): the Host header is the visited host.
  if (argument?.toLowerCase() === 'host' && (code === '>h' || code === 'h' || code === 'i')) return 'host';
  return CODES.get(code) ?? 'other';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A Squid `logformat` (or Apache `LogFormat`) template, e.g. Squid's default
 * `%ts.%03tu %6tr %>a %Ss/%03>Hs %<st %rm %ru %[un %Sh/%<a %mt`, read into a line pattern. It must
 * say where the URL is (`%ru`, or `%r`), or its path and host (`%rp` with `%>rd` or `%{Host}>h`).
 */
export function parseLogTemplate(template: string): LogTemplate {
  const roles: Role[] = [];
  let source = String.raw`^\s*`;
  let rest = template.trim();
  while (rest.length > 0) {
    if (rest.startsWith('%%')) {
      source += '%';
      rest = rest.slice(2);
      continue;
    }
    if (rest.startsWith('%')) {
      const match = CODE.exec(rest)!;
      const [whole, modifiers, , argument, code] = match;
      if (!code) throw new LogTemplateError(`The template has a % without a code at "${rest.slice(0, 20)}".`);
      const role = roleOf(code, argument);
      rest = rest.slice(whole.length);
      roles.push(role);
      // A value runs to the next space, or to the literal character the template puts after it;
      // one the template quotes (`"%{User-Agent}>h"`) or Squid quotes (`%"ua`) runs to its closing quote.
      const next = rest[0];
      const stop = next && !/\s|%/.test(next) ? escape(next) : '';
      if (role === 'clf') source += `(${CLF_TIME})`;
      else if (modifiers!.includes('"')) source += `"${QUOTED}"`;
      else if (source.endsWith('"') && next === '"') source += QUOTED;
      else source += `([^\\s${stop}]*)`;
      continue;
    }
    const literal = /^[^%]+/.exec(rest)![0];
    source += literal
      .split(/(\s+)/)
      .map((part) => (/^\s+$/.test(part) ? '\\s+' : escape(part)))
      .join('');
    rest = rest.slice(literal.length);
  }
  if (!roles.includes('url') && !roles.includes('request') && !roles.includes('host'))
    throw new LogTemplateError('The template says nowhere where the URL or the host is: use %ru, or %rp with %>rd or %{Host}>h.');
  return { pattern: new RegExp(source), roles };
}

const METHOD = /^[A-Z][A-Z_-]{1,19}$/;

/** One line read by a template: the parts its codes name, put together as a visit. */
function visitOfLine(template: LogTemplate, line: string): Visit | Skip {
  const match = template.pattern.exec(line);
  if (!match) return 'unreadable';
  const part: Partial<Record<Role, string>> = {};
  template.roles.forEach((role, index) => {
    const value = match[index + 1];
    if (role !== 'other' && value && value !== '-' && part[role] === undefined) part[role] = value;
  });
  let { method, url } = part;
  if (part.request) {
    const [requestMethod, target] = part.request.split(' ');
    if (!requestMethod || !METHOD.test(requestMethod) || !target) return 'unreadable';
    method ??= requestMethod;
    url ??= target;
  }
  if (!url && part.path)
    url = `${part.path}${part.query && part.query !== '?' ? (part.query.startsWith('?') ? part.query : `?${part.query}`) : ''}`;
  if (url?.startsWith('/') && part.host && part.scheme) url = `${part.scheme}://${part.host}${url}`;
  let time: string | null = null;
  if (part.epoch) {
    const seconds = Number(part.millis ? `${part.epoch}.${part.millis.padStart(3, '0')}` : part.epoch);
    time = Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
  } else if (part.clf) time = clfTime(part.clf.replace(/^\[|\]$/g, ''));
  return visitFromParts({ time, client: part.client ?? null, method: method ?? null, url: url ?? null, host: part.host ?? null });
}

/** Reads each line with the template the caller gave; `#` lines are comments. */
export function templateReader(template: LogTemplate): LogReader {
  return { read: (line) => (line.startsWith('#') ? 'header' : visitOfLine(template, line)) };
}
