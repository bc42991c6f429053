export const EMPTY_URL_MESSAGE = 'Oops, please enter the URL.';
export const INVALID_URL_MESSAGE = 'Please enter a valid URL.';

/** `schemeAdded`: the input had no scheme, so a browser would also try http when https fails. */
export type NormalizedUrl = { ok: true; url: URL; schemeAdded: boolean } | { ok: false; message: string };

/**
 * Turns what a visitor typed into the URL to scan (SPEC §5): empty input is refused, and an
 * address without http:// or https:// gets https:// in front.
 */
export function normalizeScanUrl(input: string): NormalizedUrl {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, message: EMPTY_URL_MESSAGE };
  // Another scheme (ftp://, javascript:, data:) is no web address to scan, not a host name.
  if (!/^https?:\/\//i.test(trimmed) && /^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed)) return { ok: false, message: INVALID_URL_MESSAGE };
  // A % that starts no escape (`?q=%E0%A4%A`) makes the address mean different things to different readers.
  if (/%(?![0-9A-Fa-f]{2})/.test(trimmed)) return { ok: false, message: INVALID_URL_MESSAGE };
  const schemeAdded = !/^https?:\/\//i.test(trimmed);
  const withScheme = schemeAdded ? `https://${trimmed}` : trimmed;
  if (!URL.canParse(withScheme)) return { ok: false, message: INVALID_URL_MESSAGE };
  const url = new URL(withScheme);
  if (url.hostname === '') return { ok: false, message: INVALID_URL_MESSAGE };
  return { ok: true, url, schemeAdded };
}
