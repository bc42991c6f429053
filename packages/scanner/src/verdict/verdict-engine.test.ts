import type { Verdict, VerdictError } from '@riskscan/contracts';
import { verdictSchema } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { parseFeed } from '../intel/feeds/parse-feed.ts';
import { ReputationIndex } from '../intel/reputation-index.ts';
import { safeBrowsingSignal } from './reputation-signals.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

const reputation = new ReputationIndex();
for (const entry of parseFeed(
  'openphish-text',
  'https://docs.google.com/forms/d/e/phish/viewform\nhttp://shop.example-store.test/pay/now.php\n',
)) {
  reputation.add({ ...entry, source: 'openphish' });
}
for (const entry of parseFeed('plain-list', 'google.com\nbad-domain.test\n', 'malicious')) reputation.add({ ...entry, source: 'our-list' });

const engine = createVerdictEngine({ reputation });
const withoutFeeds = createVerdictEngine();

function judge(input: string, on = engine): Verdict {
  const outcome: Verdict | VerdictError = on.verdict(input);
  if (isVerdictError(outcome)) throw new Error(outcome.error);
  return verdictSchema.parse(outcome);
}
const codes = (verdict: Verdict) => verdict.reasons.map((reason) => reason.code);

describe('verdict engine', () => {
  it('rates a well-known site Secure and says why', () => {
    const verdict = judge('https://www.paypal.com/signin');
    expect(verdict).toMatchObject({ url: 'https://www.paypal.com/signin', risk_score: 0, risk_level: 'Secure', classification: [] });
    expect(codes(verdict)).toEqual(['allowlisted']);
  });

  it('accepts bare domains, as SOC logs carry them', () => {
    expect(judge('example-bakery.test').url).toBe('https://example-bakery.test/');
  });

  it('puts a blocklisted URL in Danger by itself, even on an allowlisted domain', () => {
    const listed = judge('https://docs.google.com/forms/d/e/phish/viewform');
    expect(listed).toMatchObject({ risk_level: 'Danger', classification: ['Phishing'] });
    expect(codes(listed)[0]).toBe('reputation_url');
    expect(judge('http://shop.example-store.test/pay/now.php').risk_score).toBe(100);
    // The same domain's other pages are not condemned.
    expect(judge('https://docs.google.com/forms/d/e/other/viewform').risk_level).toBe('Secure');
  });

  it('does not let a domain-wide listing condemn an allowlisted domain', () => {
    expect(judge('https://mail.google.com/').risk_level).toBe('Secure');
    expect(judge('https://www.bad-domain.test/x')).toMatchObject({ risk_level: 'Danger', classification: ['Malicious'] });
  });

  it('leaves the feeds out when the engine has none', () => {
    expect(judge('http://shop.example-store.test/pay/now.php', withoutFeeds).risk_score).toBeLessThan(40);
  });

  it('flags typosquats and brand impersonation from the host name', () => {
    expect(judge('paypa1.com')).toMatchObject({ risk_level: 'Danger', classification: ['Typosquatting'] });
    expect(judge('https://microsfot.com/')).toMatchObject({ risk_level: 'Risky', classification: ['Typosquatting'] });
    expect(judge('http://paypal.com.account-verify.xyz/login')).toMatchObject({
      risk_level: 'Danger',
      classification: ['Brand impersonation'],
    });
    expect(judge('https://coinbase-wallet-recovery.top/')).toMatchObject({ risk_level: 'Risky', classification: ['Brand impersonation'] });
    expect(judge('https://www.paypal.com@evil-site.test/signin')).toMatchObject({
      risk_level: 'Danger',
      classification: ['Brand impersonation'],
    });
  });

  it('keeps many weak signals out of Danger', () => {
    const verdict = judge('http://a.b.c.d.some-very-long-name-with-many-words.click:8081/login/verify/account');
    expect(verdict.reasons.length).toBeGreaterThanOrEqual(5);
    expect(verdict.risk_score).toBeLessThan(60);
  });

  it('rates ordinary sites Secure or Good', () => {
    for (const input of ['https://my-local-bakery.com/', 'purchase-online.com', 'https://example.org/about']) {
      expect(['Secure', 'Good']).toContain(judge(input).risk_level);
    }
  });

  it('counts extra signals such as Safe Browsing matches', () => {
    const outcome = engine.verdict('https://clean-looking.test/', [safeBrowsingSignal('SOCIAL_ENGINEERING')]);
    expect(outcome).toMatchObject({ risk_level: 'Danger', classification: ['Phishing'] });
  });

  it('answers with the spec wording for input that is no URL', () => {
    expect(engine.verdict('')).toEqual({ url: '', error: 'Oops, please enter the URL.' });
    expect(engine.verdict('http://exa mple.com')).toEqual({ url: 'http://exa mple.com', error: 'Please enter a valid URL.' });
    // A malformed escape cannot be decoded the way a browser would read it: refused, not guessed at.
    expect(engine.verdict('https://%E0%A4%A@evil-site.test/')).toEqual({
      url: 'https://%E0%A4%A@evil-site.test/',
      error: 'Please enter a valid URL.',
    });
  });
});
