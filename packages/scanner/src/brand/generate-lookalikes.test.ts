import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ABUSED_TLDS } from '../url-knowledge/index.ts';
import {
  DNSTWIST_FUZZERS,
  DomainInputError,
  FUZZERS,
  type Fuzzer,
  generateLookalikes,
  type LookalikeOptions,
} from './generate-lookalikes.ts';

const all = (input: string, options?: LookalikeOptions) => [...generateLookalikes(input, options)];
const domainsOf = (input: string, fuzzer: Fuzzer) => all(input, { families: [fuzzer] }).map((item) => item.domain);

describe('generateLookalikes', () => {
  const examples = all('examples.com');

  it("produces every family, dnstwist's and ours", () => {
    expect(new Set(examples.map((item) => item.fuzzer))).toEqual(new Set(FUZZERS));
  });

  it('makes the classic typing slips', () => {
    const names = new Set(examples.map((item) => item.domain));
    for (const expected of [
      'examplesa.com',
      'exmples.com',
      'exapmles.com',
      'exxamples.com',
      'ex-amples.com',
      'ex.amples.com',
      'examples.net',
      'examplescom.com',
    ]) {
      expect(names).toContain(expected);
    }
    expect(domainsOf('examples.com', 'omission')).toContain('xamples.com');
    expect(domainsOf('examples.com', 'vowel-swap')).toContain('exomples.com');
    expect(domainsOf('examples.com', 'dictionary')).toEqual(expect.arrayContaining(['examples-login.com', 'secureexamples.com']));
  });

  it('uses the neighbours of all three keyboard layouts, from the first character on', () => {
    const replacements = domainsOf('tyz.com', 'replacement');
    expect(replacements).toContain('ryz.com'); // qwerty: t next to r
    expect(replacements).toContain('t7z.com'); // qwertz: y sits where z is on qwerty, next to 7
    expect(replacements).toContain('tyq.com'); // azerty: z next to q
    expect(domainsOf('tyz.com', 'insertion')).toContain('rtyz.com');
  });

  it('adds a character before each hyphen too', () => {
    expect(domainsOf('my-bank.com', 'addition')).toEqual(expect.arrayContaining(['myx-bank.com', 'my-bank7.com']));
  });

  it('flips single bits into valid host characters only', () => {
    const flips = domainsOf('paypal.com', 'bitsquatting');
    expect(flips).toContain('qaypal.com'); // p (0x70) ^ 1 = q
    expect(flips.every((domain) => /^[a-z0-9-]+\.com$/.test(domain))).toBe(true);
  });

  it('writes an all-Cyrillic twin and homoglyphs as valid xn-- names, with the suffix registry table', () => {
    const [cyrillic] = domainsOf('paypal.com', 'cyrillic');
    expect(domainToUnicode(cyrillic ?? '')).toBe('раураӏ.com');
    const homoglyphs = domainsOf('paypal.com', 'homoglyph');
    expect(homoglyphs).toContain('paypa1.com');
    const readable = homoglyphs.map((domain) => domainToUnicode(domain));
    expect(readable).toEqual(expect.arrayContaining(['pàypal.com', 'pàypàl.com', 'pɑypa1.com']));
    // .co.uk takes no internationalised names: only ASCII look-alikes.
    expect(domainsOf('paypal.co.uk', 'homoglyph').every((domain) => !domain.includes('xn--'))).toBe(true);
  });

  it('emits each name once, never the original, in ASCII form with valid labels', () => {
    const names = examples.map((item) => item.domain);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('examples.com');
    for (const name of names) {
      expect(name).toMatch(/^[a-z0-9.-]+$/);
      for (const label of name.split('.')) {
        expect(label.length).toBeGreaterThan(0);
        expect(label.length).toBeLessThanOrEqual(63);
        expect(label.startsWith('-') || label.endsWith('-')).toBe(false);
      }
    }
  });

  it('keeps a subdomain and a multi-label suffix in place', () => {
    const names = all('www.bbc.co.uk', { families: DNSTWIST_FUZZERS.filter((fuzzer) => fuzzer !== 'various') }).map((item) => item.domain);
    expect(names).toContain('www.bbcc.co.uk');
    expect(names).toContain('www.bbc.com');
    expect(names.every((name) => name.startsWith('www.'))).toBe(true);
    expect(domainsOf('www.bbc.co.uk', 'various')).toEqual(
      expect.arrayContaining(['www.bbc.uk', 'www.bbcco.uk', 'wwwbbc.co.uk', 'www-bbc.co.uk']),
    );
  });

  it('fuzzes the letters of an IDN, given in Unicode or punycode', () => {
    expect(all('müller.de')).toEqual(all('xn--mller-kva.de'));
    expect(domainsOf('müller.de', 'omission')).toEqual(expect.arrayContaining(['mller.de', 'xn--ller-zra.de']));
  });

  it('joins the brand to combosquatting keywords in either order, with and without a hyphen', () => {
    const combos = domainsOf('acme.com', 'combosquatting');
    expect(combos).toEqual(expect.arrayContaining(['acmelogin.com', 'acme-wallet.com', 'officialacme.com', 'secure-acme.com']));
    expect(domainsOf('acme.com', 'combosquatting')).toHaveLength(40);
    expect(all('acme.com', { families: ['combosquatting'], keywords: ['help'] }).map((item) => item.domain)).toEqual([
      'acmehelp.com',
      'acme-help.com',
      'helpacme.com',
      'help-acme.com',
    ]);
  });

  it('swaps the suffix for abused TLDs and puts the brand on free hosting platforms', () => {
    const abused = domainsOf('acme.com', 'abused-tld-swap');
    expect(abused).toHaveLength([...ABUSED_TLDS].filter((tld) => tld !== 'com').length);
    expect(abused).toContain('acme.tk');
    expect(domainsOf('acme.com', 'free-hosting')).toEqual(expect.arrayContaining(['acme.github.io', 'acme-com.netlify.app']));
  });

  it("labels a name with the first family that made it, so dnstwist's labels stay its own", () => {
    const byName = new Map(examples.map((item) => [item.domain, item.fuzzer]));
    expect(byName.get('examples-login.com')).toBe('dictionary'); // also a combosquat
    expect(byName.get('examples.xyz')).toBe('tld-swap'); // also an abused TLD
  });

  it('streams: the first names come before the rest are made', () => {
    const iterator = generateLookalikes('internationalbusinessmachines.com')[Symbol.iterator]();
    const first = iterator.next();
    expect(first.value).toEqual({ domain: 'internationalbusinessmachines0.com', fuzzer: 'addition' });
  });

  it('refuses input that is not a domain name', () => {
    expect(() => generateLookalikes('192.168.1.1')).toThrow(DomainInputError);
    expect(() => generateLookalikes('')).toThrow(DomainInputError);
    expect(() => generateLookalikes('com')).toThrow(DomainInputError);
  });
});
