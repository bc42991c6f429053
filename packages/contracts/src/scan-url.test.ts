import { describe, expect, it } from 'vitest';
import {
  EMPTY_URL_MESSAGE,
  INVALID_URL_MESSAGE,
  MAIL_ADDRESS_MESSAGE,
  MAX_SCAN_URL_LENGTH,
  normalizeScanUrl,
  NOT_A_WEB_ADDRESS_MESSAGE,
  URL_TOO_LONG_MESSAGE,
} from './scan-url.ts';

describe('normalizeScanUrl', () => {
  it('refuses empty input with the specified message', () => {
    expect(normalizeScanUrl('   ')).toEqual({ ok: false, message: EMPTY_URL_MESSAGE });
  });

  it('prepends https:// when no scheme is given', () => {
    const result = normalizeScanUrl('example.com/login');
    expect(result.ok && result.url.href).toBe('https://example.com/login');
  });

  it('keeps an explicit http:// scheme', () => {
    const result = normalizeScanUrl('HTTP://example.com');
    expect(result.ok && result.url.protocol).toBe('http:');
  });

  it('refuses text that is no URL', () => {
    expect(normalizeScanUrl('https://exa mple.com')).toEqual({ ok: false, message: INVALID_URL_MESSAGE });
  });

  it.each(['ftp://example.com/file', 'javascript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd'])(
    'refuses the non-web address %s',
    (input) => {
      expect(normalizeScanUrl(input)).toEqual({ ok: false, message: NOT_A_WEB_ADDRESS_MESSAGE });
    },
  );

  it.each(['mailto:billing@example.com', 'MAILTO:billing@example.com?subject=x', 'billing@example.com'])(
    'refuses the mail address %s instead of scanning its domain',
    (input) => {
      expect(normalizeScanUrl(input)).toEqual({ ok: false, message: MAIL_ADDRESS_MESSAGE });
    },
  );

  it('refuses an over-long address in plain words that start with the specified message', () => {
    const long = `https://example.com/?q=${'a'.repeat(MAX_SCAN_URL_LENGTH)}`;
    expect(normalizeScanUrl(long)).toEqual({ ok: false, message: URL_TOO_LONG_MESSAGE });
    expect(URL_TOO_LONG_MESSAGE.startsWith(INVALID_URL_MESSAGE)).toBe(true);
  });

  it('keeps a host with a port when no scheme is given', () => {
    const result = normalizeScanUrl('example.com:8443/a');
    expect(result.ok && result.url.href).toBe('https://example.com:8443/a');
  });
});
