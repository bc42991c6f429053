import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, pathFeatures } from '../verdict/url-features.ts';
import {
  ABUSED_TLDS,
  COMBO_WORDS,
  freeHostingPlatform,
  isShortener,
  isUnusualPort,
  KIT_PAGE_WORDS,
  LURE_THEMES,
  LURE_WORDS,
} from './index.ts';

describe('URL knowledge', () => {
  it('knows the abused TLDs every former copy listed', () => {
    for (const tld of ['zip', 'mov', 'tk', 'xyz', 'top', 'icu', 'info', 'ru', 'su', 'link', 'support', 'shop'])
      expect(ABUSED_TLDS.has(tld)).toBe(true);
    expect(ABUSED_TLDS.has('com')).toBe(false);
  });

  it('finds the free-hosting platform a host sits on, at any depth', () => {
    expect(freeHostingPlatform('walletconnect-sync.web.app')).toBe('web.app');
    expect(freeHostingPlatform('a.b.brand-login.github.io')).toBe('github.io');
    expect(freeHostingPlatform('myhome.duckdns.org')).toBe('duckdns.org');
    expect(freeHostingPlatform('web.app')).toBeNull();
    expect(freeHostingPlatform('example.com')).toBeNull();
  });

  it('recognises shorteners with or without www', () => {
    expect(isShortener('bit.ly')).toBe(true);
    expect(isShortener('www.tinyurl.com')).toBe(true);
    expect(isShortener('bitly.example')).toBe(false);
  });

  it('gives each lure word the first theme that lists it', () => {
    expect(LURE_WORDS.get('verify')).toBe('account');
    expect(LURE_WORDS.get('airdrop')).toBe('giveaway');
    expect(LURE_WORDS.get('seed')).toBe('wallet');
    expect(LURE_WORDS.size).toBeGreaterThan(LURE_THEMES.account.length);
  });

  it('chooses the combosquatting words among the lure words', () => {
    expect(COMBO_WORDS.length).toBeGreaterThan(0);
    for (const word of COMBO_WORDS) expect(LURE_WORDS.has(word)).toBe(true);
  });

  it("names the pages phishing kits serve, as the verdict's kit_file feature reads them", () => {
    const kitFile = (path: string) => pathFeatures(path, '', null).values[FEATURE_NAMES.indexOf('kit_file')];
    for (const word of KIT_PAGE_WORDS) expect(kitFile(`/x/${word}-step.php`)).toBe(1);
    expect(kitFile('/owa/auth/logon.aspx')).toBe(1);
    expect(kitFile('/blog/post.php')).toBe(0);
    expect(kitFile('/secure/verify-account.pdf')).toBe(0);
  });

  it('calls a port unusual unless it is the default or a web port', () => {
    expect(isUnusualPort(null)).toBe(false);
    expect(isUnusualPort(443)).toBe(false);
    expect(isUnusualPort(80)).toBe(false);
    expect(isUnusualPort(8443)).toBe(true);
  });
});
