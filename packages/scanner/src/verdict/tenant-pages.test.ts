import { describe, expect, it } from 'vitest';
import { isContentPath } from './url-features.ts';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

// Decision 680: a free platform's tenant is judged by its name and path, not by the platform.
const engine = createVerdictEngine();
function score(url: string): number {
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  return verdict.risk_score;
}

describe('free platform tenants (decision 680)', () => {
  it('reads docs, blog, post and wiki folders as reading pages, not sign-in paths', () => {
    expect(isContentPath('/docs/getting-started/')).toBe(true);
    expect(isContentPath('/blog/why-we-moved')).toBe(true);
    expect(isContentPath('/p/about.html')).toBe(true);
    expect(isContentPath('/login')).toBe(false);
    expect(isContentPath('/docs')).toBe(false);
    expect(isContentPath('/secure/docs/')).toBe(false);
  });

  // The front page is flagged (78 points) for the tenant's name's shape alone; without the rule
  // its pages read 60 and more too.
  it("does not flag a blog's posts, pages and docs on a tenant whose front page the model flags", () => {
    expect(score('https://placement-iit2013.blogspot.com/')).toBeGreaterThanOrEqual(60);
    expect(score('https://placement-iit2013.blogspot.com/2013/05/campus-drive.html')).toBeLessThan(60);
    expect(score('https://placement-iit2013.blogspot.com/p/about.html')).toBeLessThan(60);
    expect(score('https://placement-iit2013.blogspot.com/blog/campus-drive')).toBeLessThan(60);
    expect(score('https://placement-iit2013.blogspot.com/docs/syllabus/')).toBeLessThan(60);
  });

  it('still flags a brand or lure word in the tenant, and a plain-words tenant at a sign-in path', () => {
    expect(score('https://microsoft-office-login.vercel.app/login')).toBeGreaterThanOrEqual(80);
    expect(score('https://paypal-help-center.netlify.app/')).toBeGreaterThanOrEqual(80);
    expect(score('https://secure-account-verify.vercel.app/')).toBeGreaterThanOrEqual(60);
    expect(score('https://sweet-office-update.blogspot.com/')).toBeGreaterThanOrEqual(60);
    expect(score('https://modern-fluid-typography.vercel.app/login')).toBeGreaterThanOrEqual(60);
  });
});
