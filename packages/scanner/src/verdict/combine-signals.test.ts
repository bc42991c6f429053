import { describe, expect, it } from 'vitest';
import { combineSignals } from './combine-signals.ts';
import type { Signal } from './signal.ts';

const signal = (risk_score: number, classification: string | null = null, beatsAllowlist = false): Signal => ({
  code: `s${risk_score}`,
  message: 'm',
  risk_score,
  classification,
  beatsAllowlist,
});

describe('combineSignals', () => {
  it('maps scores onto the five risk levels', () => {
    expect(combineSignals('u', [], false)).toMatchObject({ risk_score: 0, risk_level: 'Secure' });
    expect(combineSignals('u', [signal(20)], false).risk_level).toBe('Good');
    expect(combineSignals('u', [signal(59)], false).risk_level).toBe('Normal');
    expect(combineSignals('u', [signal(79)], false).risk_level).toBe('Risky');
    expect(combineSignals('u', [signal(80)], false).risk_level).toBe('Danger');
  });

  it('lets one decisive signal reach Danger and many weak ones only add a little', () => {
    expect(combineSignals('u', [signal(95, 'Phishing')], false)).toMatchObject({ risk_level: 'Danger', classification: ['Phishing'] });
    const weak = combineSignals('u', [signal(15), signal(15), signal(10), signal(10), signal(10)], false);
    expect(weak.risk_score).toBe(29);
    expect(weak.classification).toEqual([]);
    expect(
      combineSignals(
        'u',
        Array.from({ length: 20 }, () => signal(100)),
        false,
      ).risk_score,
    ).toBe(100);
  });

  it('lists reasons strongest first and classifies only by strong signals', () => {
    const verdict = combineSignals('u', [signal(10, 'Malware'), signal(70, 'Typosquatting')], false);
    expect(verdict.reasons.map((reason) => reason.risk_score)).toEqual([70, 10]);
    expect(verdict.classification).toEqual(['Typosquatting']);
  });

  it('drops damped signals on allowlisted domains but keeps URL-level ones', () => {
    expect(combineSignals('u', [signal(70, 'Typosquatting')], true).risk_score).toBe(0);
    expect(combineSignals('u', [signal(100, 'Phishing', true)], true)).toMatchObject({ risk_score: 100, classification: ['Phishing'] });
  });

  it('calls a high score without a named class Suspicious', () => {
    expect(combineSignals('u', [signal(35), signal(35), signal(35), signal(35)], false).classification).toEqual(['Suspicious']);
  });
});
