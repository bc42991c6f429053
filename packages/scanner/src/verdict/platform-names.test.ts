import { describe, expect, it } from 'vitest';
import { chosenTenantName } from '../url-knowledge/index.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

// Decision 685: what a free platform makes of a tenant's name is no evidence about the tenant.
const engine = createVerdictEngine();
function score(url: string): number {
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  return verdict.risk_score;
}

describe("the part of a tenant's name its owner chose (decision 685)", () => {
  it("drops the names and ids platforms generate, keeps the owner's words", () => {
    expect(chosenTenantName('competent-yonath-7f9d16', '', 'netlify.app').label).toBe('');
    expect(chosenTenantName('65b7d3757c56390008a2d84a--ods-docs', '', 'netlify.app').label).toBe('ods-docs');
    expect(chosenTenantName('portfolio-six-livid-ti0bj1fdj4', '', 'vercel.app').label).toBe('portfolio');
    expect(chosenTenantName('portfolio-nx71wq7e0-g3nosss-projects', '', 'vercel.app').label).toBe('portfolio-g3nosss-projects');
    expect(chosenTenantName('my-blog', '4f2a1b3c', 'pages.dev')).toEqual({ label: 'my-blog', subdomain: '' });
    expect(chosenTenantName('textric-web-production', '', 'railway.app').label).toBe('textric-web');
    expect(chosenTenantName('logger-8i35', '', 'onrender.com').label).toBe('logger');
  });

  it('keeps names a person wrote that only look generated', () => {
    expect(chosenTenantName('account-help-id03634681', '', 'vercel.app').label).toBe('account-help-id03634681');
    expect(chosenTenantName('hello-world-abcdef', '', 'netlify.app').label).toBe('hello-world-abcdef');
    expect(chosenTenantName('dark-jade', '', 'vercel.app').label).toBe('dark-jade');
  });
});

describe("a tenant named by its platform's generator (decision 685)", () => {
  // 76-79 before the rule, for the generated name's length, digits, hyphens and randomness alone.
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
