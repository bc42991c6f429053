import { describe, expect, it } from 'vitest';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

// Decision 685: what a free platform makes of a tenant's name is no evidence about the tenant.
const engine = createVerdictEngine();
function score(url: string): number {
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  return verdict.risk_score;
}

describe("a tenant named by its platform's generator (decision 685)", () => {
  // 70-79 before the rule, for the generated name's length, digits, hyphens and randomness alone.
  it('is not flagged for the name the platform gave it', () => {
    expect(score('https://competent-yonath-7f9d16.netlify.app/')).toBeLessThan(60);
    expect(score('https://starlit-cascaron-ab17de.netlify.app/')).toBeLessThan(60);
    expect(score('https://portfolio-seven-bice-pdn04n7l52.vercel.app')).toBeLessThan(60);
  });

  it('is still judged by a brand or lure word in its name', () => {
    expect(score('https://paypal-verify-account-ti0bj1fdj4.vercel.app/')).toBeGreaterThanOrEqual(80);
    expect(score('https://facebook-orcin-kappa.vercel.app/')).toBeGreaterThanOrEqual(60);
  });
});
