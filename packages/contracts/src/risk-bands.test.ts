import { describe, expect, it } from 'vitest';
import { isRiskyOrWorse, RISK_BANDS, riskBandStart, riskLevelForScore } from './risk-bands.ts';
import { isTakedownWorthy } from './monitoring.ts';

describe('risk bands (DESIGN §6)', () => {
  it.each([
    [0, 'Secure'],
    [19, 'Secure'],
    [20, 'Good'],
    [59, 'Normal'],
    [60, 'Risky'],
    [79, 'Risky'],
    [80, 'Danger'],
    [100, 'Danger'],
  ])('puts score %i in level %s', (score, level) => {
    expect(riskLevelForScore(score)).toBe(level);
  });

  it('names where each band starts, and which scores deserve a warning', () => {
    expect(RISK_BANDS.map((band) => `${band.level}:${band.from}`)).toEqual(['Secure:0', 'Good:20', 'Normal:40', 'Risky:60', 'Danger:80']);
    expect(riskBandStart('Risky')).toBe(60);
    expect([59, 60, 100].map(isRiskyOrWorse)).toEqual([false, true, true]);
  });
});

describe('a look-alike worth a takedown', () => {
  it('was found suspicious, or scored Risky or worse', () => {
    expect(isTakedownWorthy({ status: 'suspicious', risk_score: null })).toBe(true);
    expect(isTakedownWorthy({ status: 'live', risk_score: 60 })).toBe(true);
    expect(isTakedownWorthy({ status: 'live', risk_score: 59 })).toBe(false);
    expect(isTakedownWorthy({ status: 'parked', risk_score: null })).toBe(false);
  });
});
