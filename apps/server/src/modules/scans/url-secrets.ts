/**
 * Secrets people paste into scans without noticing: password-reset, magic-link, invitation and
 * document-sharing links, session ids, API keys. Public scanners have leaked such links through
 * their "recent scans" lists; a URL carrying one never reaches the board (SPEC §1 board, issue 7
 * privacy) and is shown with the secret parts replaced by `[redacted]`.
 */

export const REDACTED = '[redacted]';

/** Query parameter names that carry credentials or session state. */
const SECRET_PARAMETER =
  /(^|[_-])(token|access[_-]?token|id[_-]?token|auth|authorization|key|api[_-]?key|apikey|authkey|rlkey|secret|password|passwd|pwd|pass|session|sessionid|sid|jsessionid|phpsessid|aspsessionid|otp|code|signature|sig|ticket|hash|reset|invite|credential|credentials|jwt|bearer|email|e-mail|mail)($|[_-])/i;

/** Characters that end a word when looking for an e-mail address. */
const NOT_IN_EMAIL = /[\s/?#&=<>"',;:()[\]]/;

/** An e-mail address somewhere in the text; a scan with no regular expression, so linear. */
function hasEmail(text: string): boolean {
  return text.split(NOT_IN_EMAIL).some((word) => {
    const at = word.lastIndexOf('@');
    if (at < 1) return false;
    const domain = word.slice(at + 1);
    const dot = domain.indexOf('.');
    return dot > 0 && dot < domain.length - 1;
  });
}

/**
 * Whole words that are tokens by their format. Every pattern is anchored and made of single
 * character classes that cannot overlap their neighbours, so each runs in linear time.
 */
const TOKEN_FORMATS = [
  /^[A-Fa-f0-9]{24,}$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/,
  /^[\w-]{16,}\.[\w-]{16,}\.[\w-]{16,}$/,
  // Telegram bot tokens (`/bot123456:AAH…`), in a path with or without the `bot` prefix.
  /^(?:bot)?\d{5,}:[\w-]{30,}$/,
  // Cloud share keys: OneDrive's `s!Ab…`, and any `x!<long key>`.
  /^[A-Za-z]?![\w-]{8,}$/,
];

const characterClass = (character: string) => (/[a-z]/.test(character) ? 'a' : /[A-Z]/.test(character) ? 'A' : '0');

/**
 * Random-looking: 20+ letters and digits (separators aside) that keep switching between lower
 * case, upper case and digits, as generated tokens do and words, slugs and product names do not.
 */
function looksRandom(text: string): boolean {
  if (!/^[\w-]+$/.test(text)) return false;
  const compact = text.replace(/[-_]/g, '');
  if (compact.length < 20) return false;
  let switches = 0;
  for (let index = 1; index < compact.length; index += 1) {
    if (characterClass(compact[index]!) !== characterClass(compact[index - 1]!)) switches += 1;
  }
  return switches >= compact.length / 5;
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/**
 * A long run of letters and digits (between `-` and `_`, which words are joined by) that mixes
 * both and spreads over many symbols: a base62 or hex key, not a word or a model number.
 */
function isHighEntropyRun(run: string): boolean {
  return run.length >= 16 && /\d/.test(run) && /[A-Za-z]/.test(run) && entropy(run) >= 3.5;
}

const BASE64 = /^[A-Za-z0-9+/_-]{12,}={0,2}$/;

/** Base64 (or base64url) that decodes to an e-mail address: `?u=YW5hQGV4YW1wbGUuY29t`. */
function isEncodedEmail(word: string): boolean {
  if (!BASE64.test(word)) return false;
  return hasEmail(Buffer.from(word.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'));
}

/** A word (no `/`) that is a token: judged by its shape, never by what it is called. */
function isOpaque(word: string): boolean {
  if (TOKEN_FORMATS.some((format) => format.test(word)) || isEncodedEmail(word)) return true;
  return word.split(/[^A-Za-z0-9_-]/).some((run) => looksRandom(run) || run.split(/[-_]/).some(isHighEntropyRun));
}

/** A parameter value that is a secret whatever it is called: any long unbroken token counts too. */
function isOpaqueValue(value: string): boolean {
  return isOpaque(value) || /^[\w-]{32,}$/.test(value);
}

/** Path steps after which the next segment is a personal key: /password/reset/{token}, /invite/{code}, /magic-link/{code}. */
const KEY_BEARING_STEP =
  /^(?:password|reset|password[-_]?reset|reset[-_]?password|forgot[-_]?password|recover|recovery|magic|magic[-_]?links?|login[-_]?links?|sign[-_]?in[-_]?links?|invite|invites|invitation|invitations|share|shared|sharing|s|d|folders|fi|activate|activation|activate[-_]?account|verify|verification|confirm|confirmation|token|tokens|unsubscribe)$/i;

/** `:w:`, `:x:`, `:b:`…: SharePoint and OneDrive sharing links, whose whole rest is the key. */
const SHAREPOINT_LINK = /^:[a-z]:$/i;

/** Percent-decoded, twice at most (`%252F` is a slash encoded twice); never throws. */
function safeDecode(text: string): string {
  let decoded = text;
  for (let round = 0; round < 2 && decoded.includes('%'); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return decoded;
    }
  }
  return decoded;
}

/**
 * Indexes of the path segments that are secrets. A segment is judged decoded: an encoded slash
 * (`password%2Freset%2F<hex>`) splits it into the steps it hides, and any secret step makes the
 * whole segment secret.
 */
function secretSegments(segments: readonly string[]): Set<number> {
  const steps = segments.flatMap((raw, index) =>
    safeDecode(raw)
      .split('/')
      .map((text) => ({ index, text })),
  );
  const secret = new Set<number>();
  let afterSharePoint = false;
  steps.forEach(({ index, text }, position) => {
    if (text === '') return;
    if (afterSharePoint || isOpaque(text) || /;jsessionid=/i.test(text) || hasEmail(text)) secret.add(index);
    const previous = position > 0 ? steps[position - 1]!.text : '';
    if (KEY_BEARING_STEP.test(previous) && !KEY_BEARING_STEP.test(text) && text.length >= 4) secret.add(index);
    if (SHAREPOINT_LINK.test(text)) afterSharePoint = true;
  });
  return secret;
}

/** Parameters that mark a link as shared with whoever holds it (Google Drive's `usp=sharing`). */
const SHARING_MARK = /^(?:usp=sharing|usp=share_link|usp=drive_link)$/i;

/** `name=value` pairs of a query or fragment, undecoded, with whether each value is secret. */
function parameters(text: string): { raw: string; name: string; secret: boolean }[] {
  const pairs = text.split('&').filter(Boolean);
  const shared = pairs.some((pair) => SHARING_MARK.test(pair));
  return pairs.map((raw) => {
    const [name = '', ...rest] = raw.split('=');
    const value = safeDecode(rest.join('=').replace(/\+/g, ' '));
    const decodedName = safeDecode(name.replace(/\+/g, ' '));
    const secret =
      rest.length > 0 &&
      !SHARING_MARK.test(raw) &&
      (SECRET_PARAMETER.test(decodedName) || hasEmail(value) || isOpaqueValue(value) || (shared && value.length >= 8));
    return { raw, name, secret };
  });
}

/**
 * A fragment, as single-page apps use it: `#/reset-password/<token>?next=…` is a path and a
 * query; `#access_token=…` a query; `#<token>` one word.
 */
function splitFragment(fragment: string): { path: string; query: string } {
  const decoded = safeDecode(fragment);
  const question = decoded.indexOf('?');
  if (question >= 0) return { path: decoded.slice(0, question), query: decoded.slice(question + 1) };
  return decoded.includes('=') && !decoded.includes('/') ? { path: '', query: decoded } : { path: decoded, query: '' };
}

function fragmentCarriesSecrets(fragment: string): boolean {
  const { path, query } = splitFragment(fragment);
  return secretSegments(path.split('/')).size > 0 || parameters(query).some((parameter) => parameter.secret);
}

function parse(url: string): URL | null {
  return URL.canParse(url) ? new URL(url) : null;
}

/** True when the URL's path, query, fragment or user info carries something that must stay private. */
export function urlCarriesSecrets(url: string): boolean {
  const parsed = parse(url);
  if (!parsed) return true;
  if (parsed.username || parsed.password) return true;
  if (secretSegments(parsed.pathname.split('/')).size > 0) return true;
  if (parameters(parsed.search.replace(/^\?/, '')).some((parameter) => parameter.secret)) return true;
  if (fragmentCarriesSecrets(parsed.hash.replace(/^#/, ''))) return true;
  return hasEmail(safeDecode(parsed.search));
}

/** The URL as it may be shown: user info dropped, secret path segments and parameter values replaced by `[redacted]`. */
export function redactUrlSecrets(url: string): string {
  const parsed = parse(url);
  if (!parsed) return REDACTED;
  const redactPath = (text: string) => {
    const segments = text.split('/');
    const secret = secretSegments(segments);
    return segments.map((segment, index) => (secret.has(index) ? REDACTED : segment)).join('/');
  };
  const redactParameters = (text: string) =>
    parameters(text)
      .map((parameter) => (parameter.secret ? `${parameter.name}=${REDACTED}` : parameter.raw))
      .join('&');
  const query = parsed.search ? `?${redactParameters(parsed.search.slice(1))}` : '';
  const fragment = parsed.hash.slice(1);
  let hash = parsed.hash;
  if (fragmentCarriesSecrets(fragment)) {
    const { path, query: fragmentQuery } = splitFragment(fragment);
    hash = `#${redactPath(path)}${fragmentQuery ? `${path ? '?' : ''}${redactParameters(fragmentQuery)}` : ''}`;
  }
  const path = redactPath(parsed.pathname);
  // An e-mail address anywhere else in the query (not a name=value pair of its own) hides the whole query.
  if (hasEmail(safeDecode(query))) return `${parsed.protocol}//${parsed.host}${path}?${REDACTED}${hash}`;
  return `${parsed.protocol}//${parsed.host}${path}${query}${hash}`;
}

/**
 * The secret parts of a URL as they may appear elsewhere (a page's title, its requests, its
 * HTML): user info, secret path segments and parameter values, each as written and decoded; a
 * query hidden for an e-mail address counts whole. Empty when the URL carries no secret.
 */
export function urlSecretValues(url: string): string[] {
  const parsed = parse(url);
  if (!parsed) return [];
  const values: string[] = [parsed.username, parsed.password];
  const pathParts = (text: string) => {
    const segments = text.split('/');
    for (const index of secretSegments(segments)) values.push(segments[index]!);
  };
  const parameterValues = (text: string) => {
    for (const parameter of parameters(text)) if (parameter.secret) values.push(parameter.raw.slice(parameter.name.length + 1));
  };
  pathParts(parsed.pathname);
  parameterValues(parsed.search.slice(1));
  const fragment = parsed.hash.slice(1);
  if (fragmentCarriesSecrets(fragment)) {
    const { path, query } = splitFragment(fragment);
    pathParts(path);
    parameterValues(query);
  }
  if (hasEmail(safeDecode(parsed.search))) values.push(parsed.search.slice(1));
  return [...new Set(values.flatMap((value) => [value, safeDecode(value.replace(/\+/g, ' '))]))].filter(Boolean);
}
