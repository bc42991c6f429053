import { defineCheck } from './check.ts';

/** Reads the browser stage's comparison of a crawler's and a browser's visit; silent when that did not run. */
export const cloakingCheck = defineCheck(
  'Cloaking',
  [
    {
      name: 'browser_cloaking',
      title: 'Crawler cloaking',
      background_info:
        'Loads the page once as a search-engine crawler and once as a browser and compares where each ends and what each reads.',
      explanation:
        'Phishing and scam pages show harmless content to crawlers and scanners and the real lure to people, to stay out of blocklists.',
      clean: 'Crawlers and browsers are shown the same page.',
    },
  ],
  {
    ran: (collected) => collected.rendered?.cloaking !== undefined,
    notRunMessage: 'Not run: the page was not compared in a browser and as a crawler.',
  },
  (collected) => {
    const comparison = collected.rendered?.cloaking;
    if (!comparison?.differs) return {};
    return { browser_cloaking: { risk_score: 70, message: comparison.reason ?? 'Crawlers and browsers are shown different pages.' } };
  },
);
