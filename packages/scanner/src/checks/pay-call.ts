import { alternation, lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { PageFacts } from '../page/page-facts.ts';
import { PRICE } from './fake-shop.ts';

const PAY_WORD = new RegExp(`(?<![\\p{L}])${alternation('pay')}(?![\\p{L}])`, 'iu');
const AN_AMOUNT = new RegExp(PRICE.source, 'iu');
const PRETEXT = lexiconPattern('pretext');
/** A call is a short text: a button's or a link's, not a paragraph that happens to hold one. */
const CALL_LENGTH = 60;

/**
 * The button or link of a page that tells a pretext ("frais de réexpédition non réglés", "unpaid
 * toll") and asks to pay an amount ("Payer 1,99 €", "Pay £1.99 now", "Betala 29 kr"): the fee's
 * card form is one click away, on the next page or behind the button (decision 659).
 */
export function payCallAfterPretext(page: PageFacts): string | undefined {
  if (!PRETEXT.test([page.title, ...page.headings, page.prose].join(' \n '))) return undefined;
  return [...page.buttons, ...page.anchors.map((anchor) => anchor.text)]
    .map((text) => text.trim())
    .find((text) => text.length <= CALL_LENGTH && PAY_WORD.test(text) && AN_AMOUNT.test(text));
}
