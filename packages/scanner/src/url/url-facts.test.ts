import { describe, expect, it } from 'vitest';
import { normalizeScanUrl } from '@riskscan/contracts';
import { sameSite, urlFacts } from './url-facts.ts';

describe('urlFacts', () => {
  it('finds the registrable domain through the Public Suffix List', () => {
    expect(urlFacts('https://login.secure.example.co.uk/a')).toMatchObject({
      registrableDomain: 'example.co.uk',
      publicSuffix: 'co.uk',
      subdomain: 'login.secure',
      domainLabel: 'example',
    });
    expect(urlFacts('https://someone.github.io/').registrableDomain).toBe('someone.github.io');
  });

  it('keeps IDN hosts as punycode and shows them decoded', () => {
    const facts = urlFacts('https://münchen.de/karte');
    expect(facts.hostname).toBe('xn--mnchen-3ya.de');
    expect(facts.unicodeHostname).toBe('münchen.de');
    expect(facts.registrableDomain).toBe('xn--mnchen-3ya.de');
  });

  it('recognises IP hosts and userinfo', () => {
    expect(urlFacts('http://user:pw@[::1]:8080/')).toMatchObject({
      isIp: true,
      hostname: '::1',
      registrableDomain: null,
      port: 8080,
      hasUserinfo: true,
    });
  });

  it('compares sites by registrable domain', () => {
    expect(sameSite(urlFacts('https://www.example.org/'), urlFacts('http://shop.example.org/'))).toBe(true);
    expect(sameSite(urlFacts('https://example.org/'), urlFacts('https://example.net/'))).toBe(false);
  });
});

describe('normalizeScanUrl with international names', () => {
  it('turns an IDN into its punycode form', () => {
    const result = normalizeScanUrl('bücher.example');
    expect(result.ok && result.url.href).toBe('https://xn--bcher-kva.example/');
  });
});
