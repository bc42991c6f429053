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

const EMAIL = /[^\s@/?#&=]+@[^\s@/?#&=]+\.[^\s@/?#&=]+/;

/** Hex digests and keys, UUIDs, JWTs (and other three-part signed tokens). */
const OPAQUE_SHAPES = [
  /^[A-Fa-f0-9]{24,}$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  /^eyJ[\w-]+\.[\w-]+\.[\w-]*$/,
  /^[\w-]{16,}\.[\w-]{16,}\.[\w-]{16,}$/,
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

/** A path segment that is a token: slugs and file names, however long, are not. */
function isOpaque(text: string): boolean {
  return OPAQUE_SHAPES.some((shape) => shape.test(text)) || looksRandom(text);
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

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Indexes of the path segments that are secrets. */
function secretSegments(segments: readonly string[]): Set<number> {
  const secret = new Set<number>();
  segments.forEach((raw, index) => {
    const segment = safeDecode(raw);
    if (segment === '') return;
    if (isOpaque(segment) || /;jsessionid=/i.test(segment) || EMAIL.test(segment)) secret.add(index);
    const previous = index > 0 ? safeDecode(segments[index - 1]!) : '';
    if (index > 0 && KEY_BEARING_STEP.test(previous) && !KEY_BEARING_STEP.test(segment) && segment.length >= 4) secret.add(index);
    if (segments.slice(0, index).some((before) => SHAREPOINT_LINK.test(safeDecode(before)))) secret.add(index);
  });
  return secret;
}

/** `name=value` pairs of a query or fragment, undecoded, with whether each value is secret. */
function parameters(text: string): { raw: string; name: string; secret: boolean }[] {
  return text
    .split('&')
    .filter(Boolean)
    .map((raw) => {
      const [name = '', ...rest] = raw.split('=');
      const value = safeDecode(rest.join('=').replace(/\+/g, ' '));
      const decodedName = safeDecode(name.replace(/\+/g, ' '));
      return { raw, name, secret: rest.length > 0 && (SECRET_PARAMETER.test(decodedName) || EMAIL.test(value) || isOpaqueValue(value)) };
    });
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
  const fragment = parsed.hash.replace(/^#/, '');
  if (parameters(parsed.search.replace(/^\?/, '')).some((parameter) => parameter.secret)) return true;
  if (fragment.includes('=') ? parameters(fragment).some((parameter) => parameter.secret) : isOpaque(safeDecode(fragment))) return true;
  return EMAIL.test(safeDecode(parsed.search));
}

/** The URL as it may be shown: user info dropped, secret path segments and parameter values replaced by `[redacted]`. */
export function redactUrlSecrets(url: string): string {
  const parsed = parse(url);
  if (!parsed) return REDACTED;
  const segments = parsed.pathname.split('/');
  const secret = secretSegments(segments);
  const path = segments.map((segment, index) => (secret.has(index) ? REDACTED : segment)).join('/');
  const redactParameters = (text: string) =>
    parameters(text)
      .map((parameter) => (parameter.secret ? `${parameter.name}=${REDACTED}` : parameter.raw))
      .join('&');
  const query = parsed.search ? `?${redactParameters(parsed.search.slice(1))}` : '';
  const fragment = parsed.hash.slice(1);
  const hash = !fragment
    ? ''
    : fragment.includes('=')
      ? `#${redactParameters(fragment)}`
      : isOpaque(safeDecode(fragment))
        ? `#${REDACTED}`
        : parsed.hash;
  const redacted = `${parsed.protocol}//${parsed.host}${path}${query}${hash}`;
  // An e-mail address anywhere else in the query (not a name=value pair of its own) hides the whole query.
  return EMAIL.test(safeDecode(query)) ? `${parsed.protocol}//${parsed.host}${path}?${REDACTED}${hash}` : redacted;
}
