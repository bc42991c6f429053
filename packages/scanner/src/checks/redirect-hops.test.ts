import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collected } from '../collect/collected.ts';
import { parsePage } from '../page/page-facts.ts';
import { scan } from '../scan.ts';
import { startFixtureWorld, type FixtureWorld } from '../testing/fixture-world.ts';
import { urlFacts } from '../url/url-facts.ts';
import { createVerdictEngine } from '../verdict/verdict-engine.ts';
import type { CheckContext } from './check.ts';
import { BAD_HOP_SCORE, judgeHops } from './redirect-hops.ts';
import { threatIntelCheck } from './threat-intel.ts';

const engine = createVerdictEngine();
const judge = (url: string) => engine.verdict(url);
const hopDetail = (categories: { details: { name: string; risk_score: number; message: string }[] }[]) =>
  categories.flatMap((category) => category.details).find((detail) => detail.name === 'threat_redirect_hop')!;

describe('redirect hops judged one by one', () => {
  it('judges every later address of the chain once, http(s) only, and marks the page\u2019s own', async () => {
    const judged: string[] = [];
    const hops = await judgeHops(
      ['https://a.example/', 'https://b.example/go', 'data:text/html,x', 'https://b.example/go', 'https://c.example/page'],
      (url) => {
        judged.push(url);
        return engine.verdict(url);
      },
    );
    expect(judged).toEqual(['https://b.example/go', 'https://c.example/page']);
    expect(hops.map((hop) => [hop.url, hop.landing])).toEqual([
      ['https://b.example/go', false],
      ['https://c.example/page', true],
    ]);
  });

  const entered = 'https://spring-garden-news.com/r';
  const landing = 'https://spring-garden-news.com/thanks';
  const badHop = 'https://paypal-account-verify-login.com/track';
  const run = async (chain: string[], html: string) => {
    const hops = await judgeHops(chain, judge);
    const context = { page: parsePage(html, chain.at(-1)!), final: urlFacts(chain.at(-1)!) } as CheckContext;
    return hopDetail([threatIntelCheck(engine.verdict(entered), hops).run({} as Collected, context)]);
  };

  it('shows a bad hop on the way in full, naming it, whatever the page shows', async () => {
    expect(engine.verdict(badHop)).toMatchObject({ risk_level: expect.stringMatching(/Risky|Danger/) });
    const detail = await run(
      [entered, badHop, landing],
      `<title>Spring Garden News</title><p>${'Thank you for reading Spring Garden News. '.repeat(8)}</p>`,
    );
    expect(detail.risk_score).toBeGreaterThanOrEqual(BAD_HOP_SCORE);
    expect(detail.message).toContain(`passes through ${badHop}`);
  });

  it('weighs the page\u2019s own address by the page: confirmed when it asks for the brand\u2019s password', async () => {
    const detail = await run([entered, badHop], '<title>PayPal</title><form><input type="email"><input type="password"></form>');
    expect(detail.risk_score).toBeGreaterThanOrEqual(BAD_HOP_SCORE);
    expect(detail.message).toMatch(/page's own address.*The page confirms it/s);
  });

  it('finds nothing when no hop is rated Risky', async () => {
    const detail = await run([entered, 'https://www.wikipedia.org/', landing], '<title>Spring Garden News</title>');
    expect(detail.risk_score).toBe(0);
  });

  describe('in a scan of the fixture world', () => {
    let world: FixtureWorld;
    beforeAll(async () => {
      world = await startFixtureWorld();
    });
    afterAll(async () => {
      await world.close();
    });

    it('reports the phishing page a click-tracker chain lands on as a bad hop, and nothing for a site\u2019s own www hop', async () => {
      const phished = await scan(
        'https://promo-mailer-clicks.com/r?u=https%3A%2F%2Fadtrack-hub.net%2Fout%3Furl%3Dhttps%253A%252F%252Fappleid-locked-support.com%252Funlock',
        world.scanOptions,
      );
      const bad = hopDetail(phished.checks);
      expect(bad.risk_score).toBeGreaterThanOrEqual(BAD_HOP_SCORE);
      expect(bad.message).toContain('https://appleid-locked-support.com/unlock');

      const honest = await scan('http://alpine-hiking-club.ch/', world.scanOptions);
      expect(honest.redirect_chain?.length).toBeGreaterThan(1);
      expect(hopDetail(honest.checks).risk_score).toBe(0);
    });
  });
});
