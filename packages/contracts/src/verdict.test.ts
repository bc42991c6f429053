import { describe, expect, it } from 'vitest';
import { riskLevelForScore } from './verdict.ts';

describe('riskLevelForScore (DESIGN §6 bands)', () => {
  it.each([
    [0, 'Secure'],
    [19, 'Secure'],
    [20, 'Good'],
    [59, 'Normal'],
    [79, 'Risky'],
    [80, 'Danger'],
    [100, 'Danger'],
  ])('puts score %i in level %s', (score, level) => {
    expect(riskLevelForScore(score)).toBe(level);
  });
});
