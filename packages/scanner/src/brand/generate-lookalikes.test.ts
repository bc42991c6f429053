import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DomainInputError, FUZZERS, generateLookalikes } from './generate-lookalikes.ts';

const domainsOf = (input: string, fuzzer: string) =>
  generateLookalikes(input)
    .filter((item) => item.fuzzer === fuzzer)
    .map((item) => item.domain);

describe('generateLookalikes', () => {
  const all = generateLookalikes('examples.com');

  it('produces every dnstwist family', () => {
    expect(new Set(all.map((item) => item.fuzzer))).toEqual(new Set(FUZZERS));
  });

  it('makes the classic typing slips', () => {
    const names = new Set(all.map((item) => item.domain));
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

  it('uses the neighbours of all three keyboard layouts', () => {
    const replacements = domainsOf('tyz.com', 'replacement');
    expect(replacements).toContain('ryz.com'); // qwerty: t next to r
    expect(replacements).toContain('t7z.com'); // qwertz: y sits where z is on qwerty, next to 7
    expect(replacements).toContain('tyq.com'); // azerty: z next to q... and on qwerty z next to a
  });

  it('flips single bits into valid host characters only', () => {
    const flips = domainsOf('paypal.com', 'bitsquatting');
    expect(flips).toContain('qaypal.com'); // p (0x70) ^ 1 = q
    expect(flips.every((domain) => /^[a-z0-9-]+\.com$/.test(domain))).toBe(true);
  });

  it('writes an all-Cyrillic twin and homoglyphs as valid xn-- names', () => {
    const [cyrillic] = domainsOf('paypal.com', 'cyrillic');
    expect(domainToUnicode(cyrillic ?? '')).toBe('раураӏ.com');
    const homoglyphs = domainsOf('paypal.com', 'homoglyph');
    expect(homoglyphs).toContain('paypa1.com');
    const readable = homoglyphs.map((domain) => domainToUnicode(domain));
    expect(readable).toContain('pàypal.com');
    expect(readable).toContain('pàypàl.com'); // both a's in one window
    expect(readable).toContain('pɑypa1.com'); // a second substitution on top of the first
  });

  it('emits each name once, never the original, in ASCII form with valid labels', () => {
    const names = all.map((item) => item.domain);
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
    const names = generateLookalikes('www.bbc.co.uk').map((item) => item.domain);
    expect(names).toContain('www.bbcc.co.uk');
    expect(names).toContain('www.bbc.com');
    expect(names.every((name) => name.startsWith('www.'))).toBe(true);
  });

  it('refuses input that is not a registrable domain', () => {
    expect(() => generateLookalikes('192.168.1.1')).toThrow(DomainInputError);
    expect(() => generateLookalikes('')).toThrow(DomainInputError);
    expect(() => generateLookalikes('com')).toThrow(DomainInputError);
  });
});
