import { defaultPageModel, PAGE_MODEL_REPORT, pageSignals } from './page-model/page-model.ts';
import { NEEDS_PAGE } from './check-needs.ts';
import { defineCheck } from './check.ts';

const DETAILS = [
  {
    name: 'page_model',
    title: 'Page signals together',
    background_info:
      'A small learned model (logistic regression over the page details above, trained on fixture and reconstructed phishing, scam and honest pages) weighs the page findings together.',
    explanation:
      'Several medium signs on one page (a brand in a heading, lure wording, a form that leaves the site) can be as telling as one strong sign.',
    clean: 'The page findings together do not look like phishing or a scam.',
  },
] as const;

/** The page model as a check: it re-reads the page details and reports only a convincing combination. */
export const pageModelCheck = defineCheck('Page Judgement', DETAILS, NEEDS_PAGE, (collected, context) => {
  if (!context.page) return {};
  const { values, titles } = pageSignals(collected, context);
  const { probability, contributions } = defaultPageModel().judge(values);
  if (probability < PAGE_MODEL_REPORT) return {};
  const reasons = contributions.slice(0, 3).map(([name]) => titles.get(name) ?? name);
  return {
    page_model: {
      risk_score: Math.round(probability * 100),
      message: `Taken together, the page's findings look like phishing or a scam (${Math.round(probability * 100)}%), mostly from: ${reasons.join(', ')}.`,
    },
  };
});
