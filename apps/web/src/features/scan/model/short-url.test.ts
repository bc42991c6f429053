import { describe, expect, it } from 'vitest';
import { shortUrl } from './short-url.ts';

describe('shortUrl', () => {
  it('drops the scheme and www. and keeps short addresses whole', () => {
    expect(shortUrl('https://www.example.com/login')).toBe('example.com/login');
    expect(shortUrl('http://127.0.0.1:41235/')).toBe('127.0.0.1:41235/');
  });

  it('keeps the host and the end of a long address, so rows on one host still differ', () => {
    const a = shortUrl('http://127.0.0.1:41235/account/verify/session/paypal-login.html');
    const b = shortUrl('http://127.0.0.1:41235/account/verify/session/bank-update.html');
    expect(a).toBe('127.0.0.1:41235…ession/paypal-login.html');
    expect(b).not.toBe(a);
    expect(a.length).toBe(40);
    expect(b.endsWith('bank-update.html')).toBe(true);
  });

  it('cuts a very long host name too', () => {
    const label = shortUrl('https://secure-login-verification-account-update.example-bank-support.com/x');
    expect(label.length).toBe(40);
    expect(label.startsWith('secure-login-verificati')).toBe(true);
    expect(label.endsWith('-support.com/x')).toBe(true);
  });
});
