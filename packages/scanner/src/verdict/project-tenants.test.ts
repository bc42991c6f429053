import { describe, expect, it } from 'vitest';
import { createVerdictEngine, isVerdictError } from './verdict-engine.ts';

// Decision 592: a free platform's tenant named by plain words, one of them a project's kind or tool.
const engine = createVerdictEngine();
function score(url: string): number {
  const verdict = engine.verdict(url);
  if (isVerdictError(verdict)) throw new Error(verdict.error);
  return verdict.risk_score;
}

describe("a project's deployment on a free platform (decision 592)", () => {
  // Without the rule both read 76-79 for their names' length, hyphens and n-grams alone.
  it('does not flag a demo or template named after what it shows', () => {
    expect(score('https://edge-functions-add-header.vercel.app')).toBeLessThan(60);
    expect(score('https://hexo-theme-aomori-demo.pages.dev/')).toBeLessThan(60);
    expect(score('https://nextjs-blog-starter-kit.netlify.app/docs/')).toBeLessThan(60);
  });

  it('still flags a brand or a lure word in the tenant', () => {
    expect(score('https://metamask-wallet-template.vercel.app/')).toBeGreaterThanOrEqual(80);
    expect(score('https://react-wallet-connect-demo.vercel.app/')).toBeGreaterThanOrEqual(80);
    expect(score('https://coinbase-react-starter.netlify.app/')).toBeGreaterThanOrEqual(60);
    expect(score('https://secure-login-demo.vercel.app/')).toBeGreaterThanOrEqual(60);
  });

  // A tool's name as a word is what such a page shows (74 and 68 points without the rule).
  it("does not flag one named after a framework or service that is nobody's lure", () => {
    expect(score('https://flask-python-template.vercel.app/')).toBeLessThan(60);
    expect(score('https://flags-sdk-posthog.vercel.app/')).toBeLessThan(60);
  });

  it('still flags one named after a brand phishing imitates, or one that holds money', () => {
    expect(score('https://microsoft-teams-template.vercel.app/')).toBeGreaterThanOrEqual(60);
    expect(score('https://paypal-checkout-demo.vercel.app/')).toBeGreaterThanOrEqual(80);
    expect(score('https://python-template-login.vercel.app/')).toBeGreaterThanOrEqual(80);
  });

  it('still flags such a tenant at a sign-in path, and a name without a project word', () => {
    expect(score('https://edge-functions-add-header.vercel.app/login')).toBeGreaterThanOrEqual(60);
    expect(score('https://custom-error-pages-public-dir.vercel.app')).toBeGreaterThanOrEqual(60);
  });
});
