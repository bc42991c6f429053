import { describe, expect, it } from 'vitest';
import { html, messageOf, runCheck, scoreOf } from '../testing/check-harness.ts';
import { looksRandom } from '../url-knowledge/index.ts';
import { urlAnalysisCheck } from './url-analysis.ts';

const score = (url: string, name: string) => scoreOf(runCheck(urlAnalysisCheck, { url }), name);

describe('URL analysis', () => {
  it('reports every detail with the full catalogue fields, clean ones at 0', () => {
    const category = runCheck(urlAnalysisCheck, { url: 'https://www.example.org/' });
    expect(category.category).toBe('URL Analysis');
    expect(category.details.length).toBe(11);
    for (const detail of category.details) {
      expect(detail.risk_score).toBe(0);
      expect(detail.title && detail.background_info && detail.explanation && detail.message).toBeTruthy();
    }
    expect(category.risk_score).toBe(0);
  });

  it('flags an IP-address host', () => {
    expect(score('http://185.199.110.153/login', 'url_ip_host')).toBeGreaterThanOrEqual(50);
  });

  it('flags userinfo, more when it imitates a domain', () => {
    expect(score('https://paypal.com@evil.example/', 'url_userinfo')).toBeGreaterThan(score('https://user@evil.example/', 'url_userinfo'));
    expect(score('https://user@evil.example/', 'url_userinfo')).toBeGreaterThan(0);
  });

  it('flags long, deep addresses', () => {
    const long = `https://a.b.c.d.example.org/${'x/'.repeat(8)}${'q'.repeat(220)}`;
    expect(score(long, 'url_length_depth')).toBeGreaterThanOrEqual(30);
    expect(score('https://example.org/about', 'url_length_depth')).toBe(0);
  });

  it('flags frequently abused endings only', () => {
    expect(score('https://win-prize.tk/', 'url_suspicious_tld')).toBeGreaterThan(0);
    expect(score('https://example.ch/', 'url_suspicious_tld')).toBe(0);
  });

  it('flags punycode, and mixed alphabets far more', () => {
    expect(score('https://xn--pple-43d.com/', 'url_punycode_mixed_script')).toBeGreaterThanOrEqual(60);
    expect(score('https://xn--mnchen-3ya.de/', 'url_punycode_mixed_script')).toBeLessThan(30);
    expect(score('https://xn--mnchen-3ya.de/', 'url_punycode_mixed_script')).toBeGreaterThan(0);
  });

  it('flags brand names on domains the brand does not own', () => {
    expect(score('https://paypal.com.secure-check.net/', 'url_brand_misuse')).toBeGreaterThanOrEqual(50);
    expect(score('https://paypal-resolution-center.com/', 'url_brand_misuse')).toBeGreaterThanOrEqual(40);
    expect(score('https://files.example.net/paypal/login', 'url_brand_misuse')).toBeGreaterThan(0);
    expect(score('https://www.paypal.com/signin', 'url_brand_misuse')).toBe(0);
    expect(score('https://login.microsoftonline.com/', 'url_brand_misuse')).toBe(0);
  });

  it('knows every named brand of the catalogue, not only the most famous ones', () => {
    // Revolut and Nubank are curated in the brand catalogue only; the check used to miss them.
    const revolut = runCheck(urlAnalysisCheck, { url: 'https://revolut-account-review.com/' });
    expect(scoreOf(revolut, 'url_brand_misuse')).toBeGreaterThanOrEqual(40);
    expect(revolut.details.find((detail) => detail.name === 'url_brand_misuse')?.message).toContain('Revolut');
    expect(score('https://nubank.secure-pix.net/', 'url_brand_misuse')).toBeGreaterThanOrEqual(50);
    expect(score('https://www.revolut.com/app', 'url_brand_misuse')).toBe(0);
  });

  it('clears a brand in the domain of a page that names its own organisation by every word of it (decision 683)', () => {
    const login =
      '<form><label>VR-NetKey</label><input name="netkey"><label>PIN</label><input type="password"><button>Anmelden</button></form>';
    const own = html(
      `<h1>Online-Banking</h1>${login}<p>Wir fragen Sie nie per E-Mail nach Ihrer PIN oder einer TAN. Unsere Geschäftsstelle in Tannheim ist montags bis freitags geöffnet, Sperr-Notruf 116 116.</p><footer>Raiffeisenkasse Tannheimer Tal eG · Hauptstraße 14 · 87779 Tannheim</footer>`,
      'Online-Banking – Raiffeisenkasse Tannheimer Tal eG',
    );
    const url = 'https://raiffeisenkasse-tannheim.de/banking/';
    expect(score(url, 'url_brand_misuse')).toBe(45);
    const cleared = runCheck(urlAnalysisCheck, { url, html: own });
    expect(scoreOf(cleared, 'url_brand_misuse')).toBe(0);
    expect(messageOf(cleared, 'url_brand_misuse')).toContain('Cleared');
    // A page dressed as the brand itself clears nothing.
    const dressed = html(`<h1>Raiffeisen Online-Banking</h1>${login}`, 'Raiffeisen – Anmelden');
    expect(scoreOf(runCheck(urlAnalysisCheck, { url: 'https://raiffeisen-sicherheit.de/', html: dressed }), 'url_brand_misuse')).toBe(45);
  });

  it('weighs the strongest place a brand appears, whichever brand comes first in the catalogue', () => {
    expect(score('https://paypal.verify-account.net/microsoft', 'url_brand_misuse')).toBe(55);
  });

  it('reads a short brand joined to a word as the brand only when that word is a lure', () => {
    expect(score('https://chasewood-fcu.org/online-banking/', 'url_brand_misuse')).toBe(0);
    expect(score('https://chaselogin-alerts.com/', 'url_brand_misuse')).toBeGreaterThanOrEqual(40);
    expect(score('https://paypalsecure-center.com/', 'url_brand_misuse')).toBeGreaterThanOrEqual(40);
  });

  it('does not read a clipped brand nickname inside an ordinary word', () => {
    expect(score('https://installer-downloads.com/instant', 'url_brand_misuse')).toBe(0);
    expect(score('https://insta-login-check.com/', 'url_brand_misuse')).toBeGreaterThanOrEqual(40);
  });

  it('flags shorteners, random labels, heavy encoding, odd ports and plain http', () => {
    expect(score('https://bit.ly/3xYz', 'url_shortener')).toBeGreaterThan(0);
    expect(score('https://xk7qz9w2lp.com/', 'url_random_label')).toBeGreaterThan(0);
    expect(score(`https://example.org/?r=${'%41'.repeat(20)}`, 'url_heavy_encoding')).toBeGreaterThan(0);
    expect(score('https://example.org/?u=%252F%252Fevil', 'url_heavy_encoding')).toBeGreaterThan(0);
    expect(score('https://example.org:8081/', 'url_nonstandard_port')).toBeGreaterThan(0);
    expect(score('https://example.org:443/', 'url_nonstandard_port')).toBe(0);
    expect(score('http://example.org/', 'url_plain_http')).toBeGreaterThan(0);
  });
});

describe('URL analysis after redirects', () => {
  it('also judges the address the visitor lands on', () => {
    const category = runCheck(urlAnalysisCheck, {
      url: 'https://bit.ly/3xYz',
      finalUrl: 'https://paypal.com.verify-center.net/signin',
      html: '<p>x</p>',
    });
    expect(scoreOf(category, 'url_shortener')).toBeGreaterThan(0);
    expect(scoreOf(category, 'url_brand_misuse')).toBeGreaterThanOrEqual(50);
    expect(category.details.find((detail) => detail.name === 'url_brand_misuse')?.message).toMatch(/^After redirects: /);
  });
});

describe('looksRandom', () => {
  it.each(['xk7qz9w2lp', 'qwrtzpsdfg', 'a8f3k2m9x1'])('%s looks generated', (label) => expect(looksRandom(label)).toBe(true));
  it.each(['bergstrom', 'pixelforge', 'riverside', 'northwind', 'strengths', 'web3shop2'])('%s looks chosen', (label) =>
    expect(looksRandom(label)).toBe(false),
  );
});
