import { ownsDomain } from '../brand/named-brands.ts';
import type { PageFacts } from '../page/page-facts.ts';
import { secretsAskedFor } from '../page/sensitive-inputs.ts';
import { siteOf, type UrlFacts } from '../url/url-facts.ts';
import type { Finding } from './check.ts';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import { asksForAnything, claimedBrands, leadsToBankChoice, leadsToRecoveryPhrase, pageNamesOwnSite } from './page-claims.ts';
import { asksForWallet } from './wallet-connect.ts';
import { fakeShopFinding } from './fake-shop.ts';

/**
 * What the page says about the suspicion the address raises, the pivot of the scan's one verdict:
 * - `confirms`: the page asks for a password, card, code, recovery phrase (or leads on to it), a
 *   wallet connection, or pushes a pretext or "scan this code" (or, wearing another brand, a document
 *   to view or sign), or sells with a fake shop's signs
 *   (`page_fake_shop` 40 or more), and is not an organisation's own
 *   page on its own domain (or presents a brand the domain does not own): the address's evidence
 *   counts in full, never below the lookup.
 * - `clears`: the page names the site's own organisation by its domain's words, claims no other
 *   brand: the address's look (long hyphenated name, young pattern) says nothing more.
 * - `neutral`: the page asks for nothing and does not name itself: the address stays a weak sign.
 * - `unseen`: no page to read (unreachable, a download, an error or empty page): the address stands alone.
 */
export type PageStance = {
  stance: 'confirms' | 'clears' | 'neutral' | 'unseen';
  why: string;
  /** What the page asks for ("a password"), when it asks for anything: a cleared page may still ask on its own site. */
  asks?: string;
};

const PRETEXT = lexiconPattern('pretext');
const SCAN_CODE = lexiconPattern('scanCode');
const DOCUMENT_WAITING = lexiconPattern('documentViewer');
/** A shop this suspect (prepayment only, or steep discounts under pressure with no one behind it) asks for money the buyer will not see again. */
const SUSPECT_SHOP = 40;

/** An address the page does not confirm is a weak sign at most: it cannot lift a page past Good alone. */
export const UNCONFIRMED_ADDRESS_CAP = 25;

/** Below this much prose, with no field, a page says nothing about who runs it: an error, a placeholder, a blank. */
const SAYS_SOMETHING = 200;

export function pageStance(page: PageFacts | null | undefined, final: UrlFacts | undefined, status = 200): PageStance {
  if (!page || !final) return { stance: 'unseen', why: 'No page was read, so the address stands alone.' };
  if (
    status >= 400 ||
    (page.prose.length < SAYS_SOMETHING && page.forms.length === 0 && page.looseInputs.length === 0 && !asksForWallet(page))
  )
    return { stance: 'unseen', why: 'The page showed nothing to judge (an error or an empty page), so the address stands alone.' };
  const claimed = claimedBrands(page, final).filter((brand) => !ownsDomain(brand, final.registrableDomain));
  // A lure asks too: a pretext ("your account is suspended") or "scan this code with your phone" wants the visitor to act.
  // A document waiting for the visitor is one when the page wears a brand the domain does not own
  // (DocuSign's "review document", a OneDrive share): the sign-in it leads to may be clicks away.
  const shown = `${page.title} \n ${page.prose.slice(0, 10_000)}`;
  const lure = PRETEXT.test(shown) || SCAN_CODE.test(page.prose.slice(0, 10_000)) || (claimed.length > 0 && DOCUMENT_WAITING.test(shown));
  const shop = (fakeShopFinding(page, final)?.risk_score ?? 0) >= SUSPECT_SHOP;
  // Wearing another brand, a bank chooser asks too: the picked bank's sign-in or card form comes next.
  const chooser = claimed.length > 0 && leadsToBankChoice(page);
  const asks = asksForAnything(page) || asksForWallet(page) || lure || shop || chooser;
  const names = claimed.map((brand) => brand.name).join(', ');
  const what =
    secretsAskedFor(page)[0] ??
    (leadsToRecoveryPhrase(page)
      ? 'a recovery phrase'
      : asksForWallet(page)
        ? 'a wallet connection'
        : asksForAnything(page)
          ? 'a sign-in'
          : chooser
            ? "a bank's sign-in or card, once a bank is picked"
            : shop && !lure
              ? 'payment in a shop with the signs of a fake one'
              : 'action on a pretext');
  // A shop with a fake shop's signs names no organisation by repeating its host's goods words ("Kurtki zimowe").
  if (claimed.length === 0 && !shop && pageNamesOwnSite(page, final, true)) {
    return {
      stance: 'clears',
      why: `The page names its own organisation on its own domain (${siteOf(final)}) and asks for nothing on behalf of another brand.`,
      ...(asks ? { asks: what } : {}),
    };
  }
  if (asks) {
    return {
      stance: 'confirms',
      why:
        claimed.length > 0
          ? `The page confirms it: it presents itself as ${names} and asks for ${what} on a domain ${names} does not own.`
          : `The page confirms it: it asks for ${what} without naming the site's own organisation.`,
    };
  }
  return { stance: 'neutral', why: 'The page asks for nothing, so the address alone is a weak sign.' };
}

/** An address finding weighed by the page's stance; `full` is its score when confirmed (at least the lookup's). */
export function weighByPage(finding: Finding, full: number, { stance, why }: PageStance): Finding {
  if (stance === 'unseen') return { risk_score: full, message: finding.message };
  if (stance === 'confirms') return { risk_score: full, message: `${finding.message} ${why}` };
  if (stance === 'clears') return { risk_score: 0, message: `${finding.message} Cleared: ${why}` };
  return { risk_score: Math.min(finding.risk_score, UNCONFIRMED_ADDRESS_CAP), message: `${finding.message} ${why}` };
}
