import { describe, expect, it } from 'vitest';
import { BrandMatcher, brandCatalogue } from '../brand/index.ts';
import { hostParts } from '../url/host-parts.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

// Decision 596: an everyday word one slip from a brand's name is that word, not the brand.
const engine = createVerdictEngine();
const matcher = new BrandMatcher(brandCatalogue());
function score(url: string): number {
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  return verdict.risk_score;
}
const brandsIn = (host: string) => matcher.find(hostParts(host)).map((match) => match.brand.name);

describe('everyday words one slip from a brand (decision 596)', () => {
  // Read as LBank and Academia before the rule: 75 and 78 points.
  it('reads a dictionary word as the word', () => {
    expect(brandsIn('hexo-blank.vercel.app')).toEqual([]);
    expect(brandsIn('eleventy-academic-template.netlify.app')).toEqual([]);
    expect(brandsIn('chose-bank.com')).toEqual([]);
    expect(brandsIn('access-space.org')).toEqual([]);
    expect(score('https://hexo-blank.vercel.app/')).toBeLessThan(60);
    expect(score('https://eleventy-academic-template.netlify.app/')).toBeLessThan(60);
  });

  it('still reads a misspelling that is no word, and the name spelled right', () => {
    expect(brandsIn('lbnak-exchange.com')).toEqual(['LBank']);
    expect(score('https://lbnak.com/')).toBeGreaterThanOrEqual(60);
    expect(score('https://acadenia.netlify.app/')).toBeGreaterThanOrEqual(60);
    expect(score('https://lbank-login.vercel.app/')).toBeGreaterThanOrEqual(80);
  });

  // The corpus's phishing is flagged through these readings: `finance` as Binance, `cloud` as iCloud.
  it('keeps the brand reading of words kits use, and of the name with letters added', () => {
    expect(brandsIn('elon-finance.net')).toEqual(['Binance']);
    expect(brandsIn('cloud-id-verify.com')).toEqual(['Apple']);
    expect(brandsIn('amazons-prime.com')).toEqual(['Amazon']);
  });

  // Decision 597: the look-alike index reads no slip of a top site's or brand's domain into a word.
  it("reads a dictionary word as the word, not a protected domain's slip", () => {
    expect(score('https://www.logan.beer/')).toBeLessThan(60);
    expect(score('https://paypai.com/')).toBeGreaterThanOrEqual(80);
    expect(score('https://amazom.com/')).toBeGreaterThanOrEqual(80);
  });

  // Decision 690: French and Spanish words, accents folded as domains spell them, are words too.
  // Read as Viber, Zengo and a slip of coned.com before the rule: 68, 73 and 77 points.
  it('reads a French or Spanish word as the word', () => {
    expect(brandsIn('vider.info')).toEqual([]);
    expect(brandsIn('tengo.kz')).toEqual([]);
    expect(score('https://vider.info/')).toBeLessThan(60);
    expect(score('https://tengo.kz/')).toBeLessThan(60);
    expect(score('https://conde.digital/')).toBeLessThan(60);
    expect(score('https://vlber-login.com/')).toBeGreaterThanOrEqual(60);
  });

  // Spanish `libaba` and `mediare` are Alibaba and Medicare with a letter left out, French
  // `empirates` Emirates with one added: the commonest typos.
  it('keeps a French or Spanish word that is a brand with a letter left out or added or a vowel swapped', () => {
    expect(brandsIn('libaba.com')).toEqual(['Alibaba']);
    expect(score('https://empirates.com/')).toBeGreaterThanOrEqual(60);
    expect(score('https://mediare-auth.support/')).toBeGreaterThanOrEqual(80);
    expect(score('https://sophora.com/')).toBeGreaterThanOrEqual(60);
  });
});
