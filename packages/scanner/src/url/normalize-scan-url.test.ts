import { describe, expect, it } from 'vitest';
import { EMPTY_URL_MESSAGE, INVALID_URL_MESSAGE, normalizeScanUrl } from './normalize-scan-url.ts';

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
      expect(normalizeScanUrl(input)).toEqual({ ok: false, message: INVALID_URL_MESSAGE });
    },
  );

  it('keeps a host with a port when no scheme is given', () => {
    const result = normalizeScanUrl('example.com:8443/a');
    expect(result.ok && result.url.href).toBe('https://example.com:8443/a');
  });
});
