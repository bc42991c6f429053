import { describe, expect, it } from 'vitest';
import { findBrandMentions, impersonationRisk } from './brand-mentions.ts';

describe('findBrandMentions', () => {
  it('finds a brand named in the title and form of a page on a foreign domain', () => {
    const mentions = findBrandMentions({
      host: 'secure-check.example',
      title: 'Log in to your PayPal account',
      forms: ['Email or mobile number', 'Password', 'Log In'],
      text: 'Sorry, we could not verify your Bank of America card.',
    });
    const byName = Object.fromEntries(mentions.map((mention) => [mention.brand.name, mention.places]));
    expect(byName).toEqual({ PayPal: ['title'], 'Bank of America': ['text'] });
  });

  it('ignores a brand on its own domain', () => {
    expect(findBrandMentions({ host: 'www.paypal.com', title: 'Log in to your PayPal account' })).toEqual([]);
    expect(findBrandMentions({ host: 'outlook.live.com', title: 'Outlook – Microsoft' })).toEqual([]);
  });

  it('ignores everyday words that happen to be short brand names in body text', () => {
    expect(findBrandMentions({ host: 'blog.example', text: 'Next, draw a line and go to the shell.' })).toEqual([]);
  });

  it('scores a brand beside a password form as decisive and a passing mention as a hint', () => {
    const [paypal] = findBrandMentions({ host: 'x.example', title: 'PayPal' });
    expect(paypal).toBeDefined();
    if (!paypal) return;
    expect(impersonationRisk(paypal, true)).toBeGreaterThanOrEqual(80);
    expect(impersonationRisk(paypal, false)).toBeLessThan(60);
    expect(impersonationRisk({ ...paypal, places: ['text'] }, false)).toBeLessThan(20);
  });
});
