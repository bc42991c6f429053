import { describe, expect, it } from 'vitest';
import { hostParts } from '../url/host-parts.ts';
import { defaultLookalikeIndex } from '../verdict/verdict-engine.ts';

const index = defaultLookalikeIndex();
const find = (host: string) => index.find(hostParts(host));

describe('LookalikeIndex', () => {
  it('says nothing about the protected domains themselves and their subdomains', () => {
    expect(find('paypal.com')).toEqual([]);
    expect(find('www.paypal.com')).toEqual([]);
    expect(find('login.microsoftonline.com')).toEqual([]);
    expect(find('203.0.113.9')).toEqual([]);
  });

  it('spots homoglyphs from the confusables table, including IDNs', () => {
    expect(find('paypa1.com')).toMatchObject([{ kind: 'homoglyph', target: { domain: 'paypal.com' } }]);
    expect(find('xn--pypal-4ve.com')).toMatchObject([{ kind: 'homoglyph', target: { domain: 'paypal.com' } }]);
    expect(find('rnicrosoft.com')).toMatchObject([{ kind: 'homoglyph', target: { domain: 'microsoft.com' } }]);
    // All Cyrillic; the table folds its palochka to i, one slip from apple.
    expect(find('xn--80ak6aa92e.com')).toMatchObject([{ kind: 'homoglyph', target: { domain: 'apple.com' } }]);
  });

  it('spots names one or two typing slips away', () => {
    expect(find('paypall.com')).toMatchObject([{ kind: 'typo', distance: 1, target: { domain: 'paypal.com' } }]);
    expect(find('micrsoft.com')).toMatchObject([{ kind: 'typo', distance: 1 }]);
    expect(find('bankofamerca.net')).toMatchObject([{ kind: 'typo', target: { domain: 'bankofamerica.com' } }]);
    expect(find('bankfamerca.com')).toMatchObject([{ kind: 'typo', distance: 2 }]);
    expect(find('bnakofamerca.com')).toMatchObject([{ kind: 'typo', distance: 2 }]);
  });

  it("tells a typosquatter's change from another letter for one that is no neighbour's (issue 35)", () => {
    for (const host of ['paypall.com', 'micrsoft.com', 'paypak.com', 'pay-pal.com', 'paypals.com', 'paypel.com', 'paypcl.com'])
      expect(find(host), host).toMatchObject([{ kind: 'typo', squat: true }]);
    expect(find('telegrab.com')).toMatchObject([{ kind: 'typo', distance: 1, squat: false }]);
    expect(find('bankfamerca.com')).toMatchObject([{ kind: 'typo', distance: 2, squat: false }]);
  });

  it('spots a brand name under another top-level domain, but not a country site', () => {
    expect(find('paypal.xyz')).toMatchObject([{ kind: 'tld-swap', target: { brand: { name: 'PayPal' } } }]);
    expect(find('paypal.co')).toMatchObject([{ kind: 'tld-swap' }]);
    expect(find('netflix.de')).toEqual([]);
  });

  it('spots brand names inside longer names and in front of foreign domains', () => {
    expect(find('paypal-secure-login.com')).toMatchObject([{ kind: 'brand-token', brand: { name: 'PayPal' } }]);
    expect(find('securepaypal.net')).toMatchObject([{ kind: 'brand-token', brand: { name: 'PayPal' } }]);
    expect(find('mymicrosoftaccount.net')).toMatchObject([{ kind: 'brand-token', brand: { name: 'Microsoft' } }]);
    expect(find('pаypal-login.com')).toMatchObject([{ kind: 'brand-token', homoglyph: true }]);
    expect(find('paypal.com.account-check.net')).toMatchObject([{ kind: 'brand-subdomain', withDomain: true }]);
  });

  it('leaves ordinary names alone', () => {
    expect(find('purchase-online.com')).toEqual([]);
    expect(find('my-local-bakery.com')).toEqual([]);
    expect(find('example.org')).toEqual([]);
  });
});
