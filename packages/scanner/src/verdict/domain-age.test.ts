import { describe, expect, it } from 'vitest';
import { combineSignals } from './combine-signals.ts';
import { domainAgeSignal } from './domain-age.ts';

const now = new Date('2026-11-28T12:00:00Z');

describe('domainAgeSignal', () => {
  it('names a domain registered in the last 30 days as weak evidence', () => {
    const signal = domainAgeSignal('fresh-login.com', new Date('2026-11-25T08:00:00Z'), now);
    expect(signal).toMatchObject({ code: 'new_domain', message: 'fresh-login.com was registered 3 days ago.' });
    // Alone it is no finding; next to a Risky address it raises the score without reaching Danger.
    expect(combineSignals('https://fresh-login.com/', [signal!], false).risk_level).not.toBe('Risky');
    const risky = { code: 'x', message: 'x', risk_score: 65, classification: null };
    expect(combineSignals('https://fresh-login.com/', [risky, signal!], false).risk_score).toBeGreaterThan(65);
    expect(combineSignals('https://fresh-login.com/', [risky, signal!], false).risk_level).not.toBe('Danger');
  });

  it('adds nothing for an older or unknown registration', () => {
    expect(domainAgeSignal('old-bank.com', new Date('1998-03-01T00:00:00Z'), now)).toBeNull();
    expect(domainAgeSignal('old-bank.com', new Date('2026-10-29T11:00:00Z'), now)).toBeNull();
    expect(domainAgeSignal('unknown.com', null, now)).toBeNull();
  });
});
