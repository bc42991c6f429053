/**
 * Query parameter names that carry credentials or session state. Public scanners have leaked
 * password-reset links and session URLs through their "recent scans" lists; such URLs never
 * reach the board (SPEC §1 board, issue 7 privacy).
 */
const SECRET_PARAMETER =
  /(^|[_-])(token|access[_-]?token|id[_-]?token|auth|authorization|key|api[_-]?key|apikey|secret|password|passwd|pwd|pass|session|sessionid|sid|jsessionid|phpsessid|aspsessionid|otp|code|signature|sig|ticket|hash|reset|invite|credential|credentials|jwt|bearer|email|e-mail|mail)($|[_-])/i;

const EMAIL = /[^\s@/?#&=]+@[^\s@/?#&=]+\.[^\s@/?#&=]+/;
/** Long random-looking values (hex, base64url, JWT) are secrets whatever their parameter is called. */
const OPAQUE_VALUE = /^(?:[A-Za-z0-9_-]{32,}|[A-Fa-f0-9]{24,}|eyJ[\w-]+\.[\w-]+\.[\w-]*)$/;

/** True when the URL's query, fragment or user info carries something that must stay private. */
export function urlCarriesSecrets(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.username || parsed.password) return true;
  const fragment = parsed.hash.replace(/^#/, '');
  const parameters = [...parsed.searchParams, ...new URLSearchParams(fragment.includes('=') ? fragment : '')];
  for (const [name, value] of parameters) {
    if (SECRET_PARAMETER.test(name)) return true;
    if (EMAIL.test(value) || OPAQUE_VALUE.test(value)) return true;
  }
  return EMAIL.test(decodeURIComponent(parsed.search)) || /;jsessionid=/i.test(parsed.pathname);
}
