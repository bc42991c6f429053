import type { Verdict } from '@riskscan/contracts';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { PageFacts } from '../page/page-facts.ts';
import { allInputs, secretsAskedFor } from '../page/sensitive-inputs.ts';
import { siteOf, type UrlFacts } from '../url/url-facts.ts';
import type { Finding } from './check.ts';
import { claimedBrands, ownersPage, pageNamesOwnSite, pageSignsAsOwnCompany } from './page-claims.ts';

const PRETEXT = lexiconPattern('pretext');
const URGENCY = lexiconPattern('urgency');
const SCAN_CODE = lexiconPattern('scanCode');

/** What the page tells the reader: its title, headings and prose, and the words drawn in its pictures (a banner's message set as SVG text). */
const shownText = (page: PageFacts) =>
  [page.title, ...page.headings, page.prose, ...page.images.flatMap((image) => image.drawn ?? [])].join(' \n ');

/**
 * The lure around a phishing form, in any of our languages: a pretext (an unpaid toll, a parcel
 * held for a fee, a suspended account, a tax refund, an MFA re-enrolment) and a deadline, on a
 * page that asks for secrets. The wording alone is what honest reminders say too, so it weighs
 * little until the page asks for a password, card, code or phrase. On the brand's own page, on its
 * own domain ("Adobe ID" on account.adobe.com asking to "verify your identity"), the pretext is the
 * brand's own notice and the form its own: a note, nothing more. So is the notice of an organisation
 * outside the catalogue on its own page (a hosting firm's webmail: "Mailbox over quota? Manage storage
 * in your control panel"): a page that signs as the company its domain names, in its title and its
 * footer's company line, and presents no other brand.
 */
export function lureFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  const text = shownText(page);
  const pretext = PRETEXT.exec(text)?.[0];
  if (!pretext) return undefined;
  const urgent = URGENCY.exec(text)?.[0];
  const asked = secretsAskedFor(page);
  const owner = ownersPage(page, final)?.name ?? (ownOrganisationsPage(page, final) ? 'the organisation' : undefined);
  if (owner && asked.length > 0) {
    return { risk_score: 10, message: `The page's notice ("${pretext}") is ${owner}'s own, on its own domain ${siteOf(final)}.` };
  }
  if (asked.length === 0) {
    return urgent
      ? { risk_score: 20, message: `The page pressures the reader ("${pretext}", "${urgent}") but asks for nothing.` }
      : undefined;
  }
  return {
    risk_score: urgent ? 80 : 70,
    message: `The page uses a phishing pretext ("${pretext}"${urgent ? `, "${urgent}"` : ''}) and asks for ${asked.join(', ')}.`,
  };
}

/**
 * A company's own page on its own domain: it signs as the company its domain names (title and footer
 * company line) and presents no brand the domain does not own. Naming the host is not enough: kits
 * title themselves with their host's lure words.
 */
function ownOrganisationsPage(page: PageFacts, final: UrlFacts): boolean {
  return claimedBrands(page, final).length === 0 && pageSignsAsOwnCompany(page, final);
}

/** Below this much prose a QR code is the page's main content. */
const SHORT_PAGE = 600;

/** Judges a URL without fetching it: the scanner's URL verdict. */
export type JudgeUrl = (url: string) => Verdict | null;

/**
 * QR lures: a page whose main content is a QR code leading to another site ("scan to re-enrol
 * your MFA"), which moves the victim to a phone, out of reach of the desktop's protections. The
 * decoded address gets its own URL verdict.
 */
export function qrLureFinding(page: PageFacts, final: UrlFacts, codes: readonly string[], judge: JudgeUrl): Finding | undefined {
  const links = codes.filter((text) => /^https?:\/\//i.test(text.trim())).map((text) => text.trim());
  const away = links.find((link) => URL.canParse(link) && siteOf(link) !== siteOf(final));
  const text = shownText(page);
  if (!away) return unreadCodeFinding(page, final, text);
  const main = page.prose.length < SHORT_PAGE && allInputs(page).length <= 2;
  const told = SCAN_CODE.test(text);
  const pretext = PRETEXT.test(text);
  if (!main && !told) return { risk_score: 10, message: `A QR code on the page leads to ${siteOf(away)}.` };
  const verdict = judge(away);
  const verdictNote = verdict ? ` The URL verdict for that address is ${verdict.risk_score}.` : '';
  const score = Math.max(pretext || (main && told) ? 80 : 65, verdict && verdict.risk_score >= 60 ? 85 : 0);
  return {
    risk_score: score,
    message: `The page's main content is a QR code leading to another site, ${siteOf(away)}${pretext ? ', with a pretext to scan it now' : ''}.${verdictNote}`,
  };
}

/** The first letters of a word that stand for it in an inflected form ("koppelen", "gekoppeld"). */
const STEM = 5;

/**
 * A host of two or more words all of which the lure itself uses ("scanner-koppelen" for "Uw Rabo
 * Scanner moet opnieuw gekoppeld worden") names the lure it tells, not an organisation: a title
 * repeating those words is the kit naming its page after its pretext, no signature.
 */
function hostTellsTheLure(final: UrlFacts, lure: readonly string[]): boolean {
  const words = lure.join(' ').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const tokens = final.domainLabel?.split('-') ?? [];
  return tokens.length > 1 && tokens.every((token) => token.length >= 4 && words.includes(token.slice(0, STEM)));
}

/**
 * A code the scan cannot follow (drawn by script, or leading back to the site itself), on a page
 * that tells the reader to scan it under a threat and a deadline ("re-register your authenticator
 * by Friday or the account is locked") and does not name its own site: the page is the lure
 * whatever the code holds. An organisation's own enrolment page names the organisation.
 */
function unreadCodeFinding(page: PageFacts, final: UrlFacts, text: string): Finding | undefined {
  const told = SCAN_CODE.exec(text)?.[0];
  const pretext = PRETEXT.exec(text)?.[0];
  const urgent = URGENCY.exec(text)?.[0];
  if (!told || !pretext || !urgent) return undefined;
  if (pageNamesOwnSite(page, final, true) && !hostTellsTheLure(final, [told, pretext, urgent])) return undefined;
  return {
    risk_score: 65,
    message: `The page tells you to scan a code with your phone ("${told}") under a pretext ("${pretext}", "${urgent}"), on a site it does not name.`,
  };
}
