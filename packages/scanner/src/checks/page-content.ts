import { NEEDS_PAGE } from './check-needs.ts';
import type { Collected } from '../collect/collected.ts';
import { parsePage, type PageFacts } from '../page/page-facts.ts';
import {
  allInputs,
  asksForLogin,
  asksForSecrets,
  asksOnceClicked,
  isCardInput,
  isPasswordInput,
  isSensitiveForm,
  secretsAskedFor,
} from '../page/sensitive-inputs.ts';
import { siteOf, urlFacts, type UrlFacts } from '../url/url-facts.ts';
import { brandsNamedIn, ownsDomain } from '../brand/named-brands.ts';
import { pageBrandCatalogue } from '../brand/page-brands.ts';
import { brandsOfLogos } from '../brand/page-logos.ts';
import { urlVerdictOf } from './url-verdicts.ts';
import { defineCheck, type Finding } from './check.ts';
import { claimedBrands, leadsToBankChoice, leadsToRecoveryPhrase, SIGN_IN } from './page-claims.ts';
import { collectorFinding, insecureLoginFinding, recoveryPhraseFinding } from './credential-collection.ts';
import { fakeShopFinding } from './fake-shop.ts';
import { payCallAfterPretext } from './pay-call.ts';
import { lureFinding, qrLureFinding } from './lure-wording.ts';
import { wifiKeyFinding } from './wifi-key.ts';

const PARKED_PHRASES = [
  /this domain (name )?(is|may be) for sale/i,
  /buy this domain/i,
  /domain (is )?parked/i,
  /parked (free|domain)/i,
  /related searches/i,
  /inquire about this domain/i,
];

const DETAILS = [
  {
    name: 'page_password_field',
    title: 'Password field',
    background_info: 'Looks for password inputs on the page.',
    explanation: 'Asking for a password is normal on a site\u2019s own login page; it matters when anything else about the page is off.',
    clean: 'The page does not ask for a password.',
  },
  {
    name: 'page_card_fields',
    title: 'Payment card fields',
    background_info: 'Looks for card number, expiry and security-code inputs.',
    explanation: 'Card fields belong on a shop\u2019s checkout; on any other page they are a way to harvest card data.',
    clean: 'The page does not ask for card details.',
  },
  {
    name: 'page_form_action',
    title: 'Where forms send data',
    background_info: 'Checks where each form submits: another domain, an unencrypted http address, an e-mail address or an IP address.',
    explanation:
      'Phishing kits send what you type to a drop server or a mailbox that has nothing to do with the site you think you are on.',
    clean: 'Forms send their data to the site itself over https.',
  },
  {
    name: 'page_hidden_iframe',
    title: 'Hidden frames',
    background_info: 'Looks for invisible or zero-sized frames and judges the address of each one from another site.',
    explanation: 'Invisible frames load other sites without your knowledge: a classic way to deliver exploit kits or fraudulent clicks.',
    clean: 'The page has no hidden frames.',
  },
  {
    name: 'page_brand_impersonation',
    title: 'Brand on a foreign domain',
    background_info: 'Compares brands named in the page title, site name and logos with the domain that serves the page.',
    explanation:
      'A page that presents itself as a well-known brand on a domain that brand does not own, and asks for credentials, is phishing.',
    clean: 'The page does not present itself as a brand it does not belong to.',
  },
  {
    name: 'page_data_uri',
    title: 'Page hidden in a data URI',
    background_info: 'Looks for frames, objects and links whose content is an HTML document embedded in a data: URI.',
    explanation: 'Embedding a login page in a data: URI hides it from URL filters and shows no real address in the browser.',
    clean: 'The page embeds no documents in data: URIs.',
  },
  {
    name: 'page_parked_or_empty',
    title: 'Parked or empty page',
    background_info: 'Looks for domain-parking pages and pages with almost no content.',
    explanation: 'Parked and empty domains are often kept in reserve for abuse or are the remains of a taken-down site.',
    clean: 'The page has real content.',
  },
  {
    name: 'page_external_resources',
    title: 'Resources from other domains',
    background_info: 'Measures the share of scripts, styles, images and frames loaded from other domains.',
    explanation:
      'Most sites load some third-party resources; a page made almost entirely of other sites\u2019 resources is often a copied kit.',
    clean: 'Most resources come from the site itself.',
  },
  {
    name: 'page_fake_shop',
    title: 'Signs of a fake shop',
    background_info:
      'On pages that sell things, looks for steep discounts on many items, payment only by gift card, cryptocurrency or prepaid transfer, no imprint, terms or contact, and markup copied from another shop.',
    explanation:
      'Fake shops lure with prices too good to be true, take payment that cannot be reversed and name no one you could hold to account; the goods never arrive.',
    clean: 'The page shows no signs of a fake shop.',
  },
  {
    name: 'page_recovery_phrase',
    title: 'Wallet recovery phrase asked for',
    background_info:
      'Looks for fields that ask for a crypto wallet\u2019s recovery phrase or private key: a grid of 12 or 24 word fields, or a field beside "recovery phrase" wording in any of our languages.',
    explanation: 'No wallet ever asks for its recovery phrase on a website; whoever has the phrase owns the wallet.',
    clean: 'The page does not ask for a wallet recovery phrase.',
  },
  {
    name: 'page_wifi_key',
    title: 'Wi-Fi key asked for',
    background_info:
      'Looks for password fields that ask for the key of a wireless network (WPA/WPA2 passphrase, \u201cWLAN-Kennwort\u201d, \u201ccl\u00e9 WiFi\u201d) in any of our languages, and for a router \u201cfirmware update\u201d around them.',
    explanation:
      'No website needs your Wi-Fi key; fake router pages ask for it so that someone nearby can join your network. A router\u2019s own settings open on a local address such as 192.168.1.1.',
    clean: 'The page does not ask for a Wi-Fi key.',
  },
  {
    name: 'page_credential_collector',
    title: 'Where typed secrets are sent',
    background_info:
      'Looks for login and payment data sent to a Telegram bot, to a phishing kit\u2019s mail script (mail.php, send.php, next.php) or by a script to another site.',
    explanation: 'Phishing kits do not keep what you type: they forward it at once to a chat bot or a mailbox of the attacker.',
    clean: 'Nothing on the page forwards typed secrets to a bot, a mail script or another site.',
  },
  {
    name: 'page_insecure_login',
    title: 'Login over unencrypted http',
    background_info: 'Looks for password or payment fields on a page served over http, or sent to an http address.',
    explanation:
      'Without encryption anyone on the network path (a caf\u00e9\u2019s Wi-Fi, a compromised router) can read the password. A careless site, not necessarily a fraudulent one.',
    clean: 'The page does not send passwords or payment details unencrypted.',
  },
  {
    name: 'page_lure',
    title: 'Phishing lure wording',
    background_info:
      'Reads the page for pretexts (unpaid toll, parcel fee, suspended account, tax refund, MFA re-enrolment) and deadlines in English, German, French, Italian, Spanish, Dutch and Portuguese, on pages that ask for secrets.',
    explanation: 'Phishing pages pair a pretext and a deadline with a form, so that you pay or log in before you think.',
    clean: 'The page uses no phishing pretext to ask for secrets.',
  },
  {
    name: 'page_qr_lure',
    title: 'QR code leading elsewhere',
    background_info: 'Decodes the QR codes drawn in the rendered page\u2019s images and canvases and judges the address they lead to.',
    explanation:
      'A page that is little more than a QR code ("scan to re-enrol your MFA") moves you to your phone, away from the protections of your computer.',
    clean: 'The page has no QR code leading to another site as its main content.',
  },
] as const;

/** The details this check reports, by name. */
export type PageContentDetail = (typeof DETAILS)[number]['name'];
type Name = PageContentDetail;

function passwordFinding(page: PageFacts): Finding | undefined {
  const count = allInputs(page).filter(isPasswordInput).length;
  if (count === 0) return undefined;
  return { risk_score: 10, message: `The page asks for a password (${count} field(s)).` };
}

function cardFinding(page: PageFacts): Finding | undefined {
  const count = allInputs(page).filter(isCardInput).length;
  if (count === 0) return undefined;
  return { risk_score: 20, message: `The page asks for payment card details (${count} field(s)).` };
}

function formActionFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  const own = siteOf(final);
  let worst: Finding | undefined;
  const consider = (finding: Finding) => {
    if (!worst || finding.risk_score > worst.risk_score) worst = finding;
  };
  for (const form of page.forms) {
    const sensitive = isSensitiveForm(form);
    const raw = form.rawAction.trim();
    if (/^mailto:/i.test(raw)) {
      consider({ risk_score: sensitive ? 60 : 25, message: `A form sends its data by e-mail to ${raw.slice(7).split('?')[0]}.` });
      continue;
    }
    if (!form.action || !/^https?:/i.test(form.action)) continue;
    const target = urlFacts(form.action);
    const targetSite = siteOf(target);
    if (target.isIp && sensitive)
      consider({ risk_score: 65, message: `A login or payment form posts to the IP address ${target.hostname}.` });
    else if (targetSite !== own) {
      consider({
        risk_score: sensitive ? 65 : 10,
        message: `A ${sensitive ? 'login or payment ' : ''}form posts to another domain, ${targetSite}.`,
      });
    }
    // A login form posting over http to its own site is careless, not deceptive: page_insecure_login.
    if (target.scheme === 'http' && !(sensitive && targetSite === own) && (sensitive || final.scheme === 'https')) {
      consider({
        risk_score: sensitive ? 50 : 15,
        message: `A ${sensitive ? 'login or payment ' : ''}form posts over unencrypted http to ${target.hostname}.`,
      });
    }
  }
  return worst;
}

/** From this URL verdict up, a hidden frame's address is a risky one (the flag of the URL verdict). */
const RISKY_FRAME_ADDRESS = 60;

/**
 * Hidden frames. One from another site is what ad bidders and tracking pixels load on honest pages
 * (an ad exchange's 970×550 `display: none` slot, a 1×1 sync frame): it shows the visitor nothing
 * and asks for nothing, and what it holds is judged as a page of its own when the browser loads it
 * (`frame-judgement.ts`). It is a threat sign only when its site is a risky one by the URL verdict.
 */
function hiddenFrameFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  const hidden = page.frames.filter((frame) => frame.hidden && frame.src && /^https?:/i.test(frame.src));
  if (hidden.length === 0) return undefined;
  const foreign = hidden.map((frame) => frame.src!).filter((src) => siteOf(src) !== siteOf(final));
  if (foreign.length === 0) return { risk_score: 10, message: `${hidden.length} hidden frame(s) load pages of the site itself.` };
  const hosts = [...new Set(foreign.map((src) => new URL(src).host))].join(', ');
  // The frame's site, not its path or query: ad and tracking frames carry ids and content hashes there.
  const risky = foreign
    .map((src) => ({ src, verdict: judgeUrl(new URL(src).origin) }))
    .find(({ verdict }) => verdict !== null && verdict.risk_score >= RISKY_FRAME_ADDRESS);
  if (risky) {
    return {
      risk_score: 45,
      message: `${foreign.length} hidden frame(s) load other sites (${hosts}); the URL verdict rates the site ${new URL(risky.src).host} ${risky.verdict!.risk_score}.`,
    };
  }
  return { risk_score: 10, message: `${foreign.length} hidden frame(s) load other sites (${hosts}), whose sites raise no suspicion.` };
}

/**
 * Protected domains (`ScannerOptions.protectedDomains`) whose name the page's title or logos carry
 * while it is served elsewhere: `PixelForge` on pixelfroge.app when pixelforge.app is protected.
 * The domain's own label may well be the page's (`pixelforge.shop`), so it counts as the claim.
 */
function claimedProtectedDomains(page: PageFacts, final: UrlFacts, protectedDomains: readonly string[]): string[] {
  const logos = page.images
    .filter((image) => /logo/i.test(`${image.alt} ${image.src ?? ''}`))
    .map((image) => `${image.alt} ${image.src ?? ''}`);
  const text = [page.title, page.meta['og:site_name'] ?? '', ...logos].join(' ').toLowerCase();
  return protectedDomains.filter((domain) => {
    if (domain === final.registrableDomain) return false;
    const words = (domain.split('.')[0] ?? '').split('-').filter((word) => word !== '');
    return words.length > 0 && new RegExp(`(?:^|[^a-z0-9])${words.join('[^a-z0-9]*')}(?:[^a-z0-9]|$)`).test(text);
  });
}

/**
 * From this brand-impersonation score up, the page takes a brand that is not the site's and asks
 * to sign in or to pay a pretext's fee (80), leads on to a wallet's recovery phrase (85) or asks
 * for credentials (90).
 */
export const IMPERSONATION_ASKING = 80;

function brandFinding(page: PageFacts, final: UrlFacts, protectedDomains: readonly string[]): Finding | undefined {
  const finding = brandClaimFinding(page, final, protectedDomains);
  const claimed = new Set(claimedBrands(page, final));
  const drawn = brandsOfLogos(page.logoHashes).filter((brand) => claimed.has(brand));
  if (!finding || drawn.length === 0) return finding;
  return { ...finding, message: `${finding.message} Its favicon or logo is ${drawn.map((brand) => brand.name).join(', ')}'s logo.` };
}

function brandClaimFinding(page: PageFacts, final: UrlFacts, protectedDomains: readonly string[]): Finding | undefined {
  const brands = [...claimedBrands(page, final).map((brand) => brand.name), ...claimedProtectedDomains(page, final, protectedDomains)];
  const names = brands.join(', ');
  if (brands.length === 0) {
    const mentioned = brandsNamedIn(page.title, pageBrandCatalogue()).filter((brand) => !ownsDomain(brand, final.registrableDomain));
    return mentioned.length > 0
      ? {
          risk_score: 5,
          message: `The title mentions ${mentioned.map((brand) => brand.name).join(', ')} alongside the site\u2019s own name.`,
        }
      : undefined;
  }
  if (asksForSecrets(page)) {
    return {
      risk_score: 90,
      message: `The page presents itself as ${names} and asks for credentials, but ${siteOf(final)} does not belong to ${names}.`,
    };
  }
  if (leadsToRecoveryPhrase(page)) {
    return {
      risk_score: 85,
      message: `The page presents itself as ${names} and leads you on to type your wallet's recovery phrase, but ${siteOf(final)} does not belong to ${names}.`,
    };
  }
  if (leadsToBankChoice(page)) {
    return {
      risk_score: IMPERSONATION_ASKING,
      message: `The page presents itself as ${names} and has you pick your bank, whose sign-in or card form comes next, but ${siteOf(final)} does not belong to ${names}.`,
    };
  }
  const payCall = payCallAfterPretext(page);
  if (payCall) {
    return {
      risk_score: IMPERSONATION_ASKING,
      message: `The page presents itself as ${names}, tells a pretext and asks you to pay ("${payCall}"), but ${siteOf(final)} does not belong to ${names}.`,
    };
  }
  if (asksForLogin(page, SIGN_IN)) {
    return {
      risk_score: IMPERSONATION_ASKING,
      message: `The page presents itself as ${names} and asks you to sign in, but ${siteOf(final)} does not belong to ${names}.`,
    };
  }
  if (asksOnceClicked(page)) {
    return {
      risk_score: IMPERSONATION_ASKING,
      message: `The page presents itself as ${names} and its script writes in a form asking for ${secretsAskedFor({ ...page, forms: [], looseInputs: page.scriptedInputs }).join(', ')} once you click, but ${siteOf(final)} does not belong to ${names}.`,
    };
  }
  return { risk_score: 30, message: `The page presents itself as ${names}, but ${siteOf(final)} does not belong to ${names}.` };
}

/** Decodes a `data:text/html` URI; null for other media types. */
export function decodeHtmlDataUri(uri: string): string | null {
  const match = /^data:text\/html(?:;[^,;]*)*?(;base64)?,(.*)$/is.exec(uri.trim());
  if (!match) return null;
  const payload = match[2] ?? '';
  if (match[1]) return Buffer.from(payload, 'base64').toString('utf8');
  try {
    return decodeURIComponent(payload);
  } catch {
    return payload;
  }
}

function dataUriFinding(page: PageFacts, scriptText: string): Finding | undefined {
  const candidates = [
    ...page.frames.map((frame) => frame.src ?? ''),
    ...page.resources.map((resource) => resource.url),
    ...page.anchors.map((anchor) => anchor.href),
    page.metaRefresh?.url ?? '',
    ...(scriptText.match(/data:text\/html[^"'`\s)]+/gi) ?? []),
  ].filter((uri) => /^data:text\/html/i.test(uri));
  if (candidates.length === 0) return undefined;
  const embedded = candidates.map((uri) => decodeHtmlDataUri(uri)).filter((html): html is string => html !== null);
  const documents = embedded.map((html) => parsePage(html, 'about:blank'));
  if (documents.some(asksForSecrets)) {
    return { risk_score: 85, message: 'A login form is hidden inside a data: URI document embedded in the page.' };
  }
  if (documents.some((document) => document.forms.length > 0))
    return { risk_score: 60, message: 'A form is hidden inside a data: URI document.' };
  return { risk_score: 35, message: `The page embeds ${candidates.length} HTML document(s) as data: URIs.` };
}

function parkedFinding(page: PageFacts): Finding | undefined {
  const phrase = PARKED_PHRASES.find((pattern) => pattern.test(page.text) || pattern.test(page.title));
  if (phrase) return { risk_score: 25, message: 'The page looks like a parked domain offered for sale or filled with ads.' };
  const meaningful =
    page.text.length + page.forms.length * 50 + page.images.length * 20 + page.frames.length * 50 + page.scripts.length * 20;
  if (meaningful < 40) return { risk_score: 10, message: 'The page is nearly empty.' };
  return undefined;
}

/** Share of resources from other sites: what the browser really loaded when it ran, else what the HTML references. */
function externalFinding(page: PageFacts, final: UrlFacts, rendered: Collected['rendered']): Finding | undefined {
  const urls = rendered ? rendered.requests.map((request) => request.url) : page.resources.map((resource) => resource.url);
  const resources = urls.filter((url) => /^https?:/i.test(url));
  if (resources.length < 8) return undefined;
  const own = siteOf(final);
  const external = resources.filter((url) => siteOf(url) !== own).length;
  const ratio = external / resources.length;
  if (ratio < 0.75) return undefined;
  return {
    risk_score: ratio >= 0.9 ? 20 : 15,
    message: `${external} of ${resources.length} resources (${Math.round(ratio * 100)}%) come from other domains.`,
  };
}

/** The URL verdict for an address a page points to. */
function judgeUrl(url: string) {
  const verdict = urlVerdictOf(url);
  return 'error' in verdict ? null : verdict;
}

export const pageContentCheck = defineCheck(
  'Page Content',
  DETAILS,
  NEEDS_PAGE,
  (collected, { page, final, scripts, protectedDomains }) => {
    const findings: Partial<Record<Name, Finding>> = {};
    if (!page) return findings;
    const add = (name: Name, finding: Finding | undefined) => {
      if (finding) findings[name] = finding;
    };
    add('page_password_field', passwordFinding(page));
    add('page_card_fields', cardFinding(page));
    add('page_form_action', formActionFinding(page, final));
    add('page_hidden_iframe', hiddenFrameFinding(page, final));
    add('page_brand_impersonation', brandFinding(page, final, protectedDomains ?? []));
    add('page_data_uri', dataUriFinding(page, scripts?.all ?? ''));
    add('page_parked_or_empty', parkedFinding(page));
    add('page_external_resources', externalFinding(page, final, collected.rendered));
    add('page_fake_shop', fakeShopFinding(page, final));
    add('page_recovery_phrase', recoveryPhraseFinding(page, final, pageBrandCatalogue()));
    add('page_wifi_key', wifiKeyFinding(page, final, pageBrandCatalogue()));
    add('page_credential_collector', collectorFinding(page, final, scripts));
    add('page_insecure_login', insecureLoginFinding(page, final));
    add('page_lure', lureFinding(page, final));
    add('page_qr_lure', qrLureFinding(page, final, collected.qrCodes ?? [], judgeUrl));
    return findings;
  },
);
