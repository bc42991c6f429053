import { describe, expect, it } from 'vitest';
import { conservativeUrlRisk, HOLD_RISK_SCORE } from './url-risk.ts';

const score = async (url: string) => (await conservativeUrlRisk(url)).risk_score;

describe('conservativeUrlRisk', () => {
  it.each([
    'https://www.ncsc.admin.ch/ncsc/en/home.html',
    'https://example.com',
    'github.com/riskscan',
    'https://en.wikipedia.org/wiki/Phishing',
  ])('lets an ordinary link through: %s', async (url) => {
    expect(await score(url)).toBeLessThan(HOLD_RISK_SCORE);
  });

  it.each([
    ['javascript:alert(1)', 100],
    ['https://user:pw@example.com/', 90],
    ['http://192.0.2.10/login', 80],
    ['https://xn--pypal-4ve.com/', 70],
    ['https://bit.ly/3abc', 60],
    ['https://free-gift.xyz/', 50],
    ['https://example.com:8443/', 50],
    ['https://example.com/account/verify', 45],
  ])('holds %s (score %i)', async (url, expected) => {
    expect(await score(url)).toBe(expected);
  });
});
