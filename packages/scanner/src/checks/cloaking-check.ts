import { defineCheck } from './check.ts';

/**
 * Reads two comparisons: the browser stage's crawler-against-browser visit, and the viewers the
 * scan asked for (another device or country) against its own. Each says "Not run" when it did not run.
 */
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
    {
      name: 'viewer_cloaking',
      title: 'Viewer cloaking',
      background_info:
        'Opens the page as each viewer the scan asked for (desktop, phone, another country) and compares where each ends, what it reads and what its forms ask for.',
      explanation:
        'Kits show their lure only to the visitors they target (phones, one country) and a harmless page to everyone else, scanners included.',
      clean: 'Every viewer is shown the same page.',
    },
  ],
  {
    ran: (collected) => collected.rendered?.cloaking !== undefined || collected.viewers !== undefined,
    notRunMessage: 'Not run: the page was not compared in a browser and as a crawler.',
  },
  (collected) => {
    const comparison = collected.rendered?.cloaking;
    const viewers = collected.viewers;
    const cloakedViewer = viewers?.others.find((entry) => entry.cloaking);
    return {
      ...(comparison?.differs
        ? { browser_cloaking: { risk_score: 70, message: comparison.reason ?? 'Crawlers and browsers are shown different pages.' } }
        : comparison
          ? {}
          : { browser_cloaking: { not_run: 'Not run: the page was not compared in a browser and as a crawler.' } }),
      ...(cloakedViewer
        ? { viewer_cloaking: { risk_score: 70, message: `${viewers!.summary} ${cloakedViewer.differences[0] ?? ''}`.trim() } }
        : viewers
          ? {}
          : { viewer_cloaking: { not_run: 'Not run: the scan did not ask for other viewers.' } }),
    };
  },
);
