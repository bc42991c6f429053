import { brandsNamedIn, ownsDomain } from '../brand/named-brands.ts';
import { pageBrandCatalogue } from '../brand/page-brands.ts';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { PageFacts } from '../page/page-facts.ts';
import type { ScriptCorpus } from '../page/revealed-code.ts';
import { allInputs, asksForSecrets, isIdentifierInput, isPasswordInput } from '../page/sensitive-inputs.ts';
import { urlFacts, type UrlFacts } from '../url/url-facts.ts';
import type { DetailDefinition, Finding } from './check.ts';
import { claimedBrands, leadsToRecoveryPhrase, pageGivesRegistration, pageNamesOwnSite } from './page-claims.ts';
import { asksForWallet, asksWalletToSign, WALLET_REQUEST } from './wallet-connect.ts';

/**
 * Phishing kinds that need no password field of the page's own: a wallet connection, a code to
 * type in at a real sign-in page, consent to an app, a document that opens only with the mailbox
 * password, and a login window drawn inside the page. Each reads what the page asks the visitor to
 * do, in any of the lexicon's languages.
 */
export const LURE_KIND_DETAILS = [
  {
    name: 'page_wallet_connect',
    title: 'Wallet connection lure',
    background_info:
      'Looks for "connect wallet" buttons and wallet-picker pages that request an injected wallet (window.ethereum, Solana) beside a brand they do not belong to or an airdrop, claim, sync or restore pretext.',
    explanation: 'Drainer kits first get the wallet connected; the next signature hands its tokens over.',
    clean: 'The page does not lure a wallet connection.',
  },
  {
    name: 'page_device_code',
    title: 'Device-code lure',
    background_info:
      'Looks for pages that hand out a code to enter at a real sign-in page (microsoft.com/devicelogin, github.com/login/device).',
    explanation: 'Entering someone else\u2019s device code signs their device into your account: no password is stolen, none needs to be.',
    clean: 'The page hands out no device code.',
  },
  {
    name: 'page_app_consent',
    title: 'App-consent lure',
    background_info:
      'Looks for links, forms and scripts that send the visitor to a real Microsoft or Google consent screen for an app asking to read or send mail or files, on a page that is not the app\u2019s own.',
    explanation:
      'Consenting to a stranger\u2019s app on the real sign-in page hands it your mail and files: no password is stolen, none needs to be.',
    clean: 'The page asks for no app consent.',
  },
  {
    name: 'page_document_viewer',
    title: 'Document viewer asking for a login',
    background_info:
      'Looks for "view the shared document" pages that ask for an e-mail address and password before showing the file, in any of our languages.',
    explanation: 'A shared document never needs your mailbox password; the viewer page is only there to collect it.',
    clean: 'The page is no document-viewer login lure.',
  },
  {
    name: 'page_browser_in_browser',
    title: 'Login window drawn inside the page',
    background_info:
      'Looks for a fake pop-up window drawn in HTML: the address of a well-known sign-in page written as text (an address bar) over a login form or frame on another site.',
    explanation:
      'The "pop-up" with a trustworthy address bar is part of the page itself ("browser in the browser"); what you type goes to the page\u2019s owner.',
    clean: 'The page draws no fake browser window.',
  },
] as const satisfies readonly DetailDefinition[];

/** A claim, reward or wallet fix, in any language the lexicon reads. */
const LURE = lexiconPattern('walletPretext');
/** "Recovery phrase" names a secret, not a pretext: "never share your recovery phrase" promises no recovery. */
const RECOVERY_PHRASE = new RegExp(lexiconPattern('recoveryPhrase').source, `${lexiconPattern('recoveryPhrase').flags}g`);

/** Crypto brands the page names in its title and headings on a domain they do not own. */
function cryptoBrandsShown(page: PageFacts, final: UrlFacts): string[] {
  return brandsNamedIn([page.title, ...page.headings, ...page.images.map((image) => image.alt)].join(' \n '), pageBrandCatalogue())
    .filter((brand) => brand.sector === 'crypto' && !ownsDomain(brand, final.registrableDomain))
    .map((brand) => brand.name);
}

export function walletConnectFinding(page: PageFacts, scripts: ScriptCorpus, final: UrlFacts): Finding | undefined {
  const owner = final.registrableDomain ? pageBrandCatalogue().byDomain.get(final.registrableDomain) : undefined;
  if (owner?.sector === 'crypto') return undefined;
  const connect = asksForWallet(page);
  const requests = WALLET_REQUEST.test(scripts.all);
  // A row of three or more wallets' buttons is a chooser, whatever its heading says (decision 678):
  // a script-built "validate your wallet" page that asks the phrase once a wallet is picked calls no
  // wallet and says no "connect". A list of wallets in an article's prose is no chooser.
  const chooser =
    brandsNamedIn(page.buttons.slice(0, 30).join(' \n '), pageBrandCatalogue()).filter((brand) => brand.sector === 'crypto').length >= 3;
  if (!connect && !requests && !chooser) return undefined;
  const brands = cryptoBrandsShown(page, final);
  // A project's own app on its own domain whose wallet code only connects and reads the accounts
  // and the chain hands nothing over; a drainer needs a signature, a transfer or the phrase.
  const readsOnly = requests && !asksWalletToSign(scripts.all) && !asksForSecrets(page) && !leadsToRecoveryPhrase(page);
  if (readsOnly && brands.length === 0 && pageNamesOwnSite(page, final, true)) return undefined;
  // A wallet picker: a page listing several wallets to choose from.
  const picker =
    chooser || brandsNamedIn(page.prose.slice(0, 10_000), pageBrandCatalogue()).filter((brand) => brand.sector === 'crypto').length >= 3;
  const shown = [page.title, ...page.headings, ...page.buttons, page.prose.slice(0, 5_000)].join(' \n ');
  const lure = LURE.test(shown.replace(RECOVERY_PHRASE, ' '));
  const pretext = brands.length > 0 ? `presents itself as ${brands.join(', ')}` : lure ? 'promises a claim, reward or wallet fix' : null;
  if ((connect || picker) && requests && pretext)
    return { risk_score: 85, message: `The page asks to connect your wallet and requests it by script; it ${pretext}.` };
  if ((connect || picker) && pretext) return { risk_score: 70, message: `The page asks to connect your wallet and ${pretext}.` };
  // A wallet connection alone is what every honest dapp asks for.
  return undefined;
}

const DEVICE_WORDS = lexiconPattern('deviceCode');
const DEVICE_LOGIN =
  /(?:microsoft\.com\/devicelogin|aka\.ms\/devicelogin|login\.microsoftonline\.com\/common\/oauth2\/deviceauth|github\.com\/login\/device|google\.com\/device|amazon\.com\/code)/i;
const SHOWN_CODE = /(?<![\p{L}\p{N}])(?:[A-Z0-9]{4}-[A-Z0-9]{4}|(?=[A-Z]*\d)[A-Z0-9]{8,9})(?![\p{L}\p{N}])/u;

/** A script putting text on the clipboard: a device-code kit copies the code for the visitor to paste. */
const COPIES_TO_CLIPBOARD = /clipboard\s*\.\s*writeText\s*\(|execCommand\s*\(\s*['"`]copy['"`]/;

/**
 * A help page explaining device sign-in (the school's "open microsoft.com/devicelogin on your phone
 * and type the code the classroom TV shows"): it names its own site and gives the number its
 * organisation is registered under in its footer (a kit titled with its host's words names its
 * host too), presents no other brand, writes the sign-in page only in its prose (no link, no script
 * opening it) and copies no code to the clipboard. A lure hands its code over: it sends the visitor
 * to the sign-in page or copies the code for them (decision 609).
 */
function explainsDeviceSignIn(page: PageFacts, scripts: ScriptCorpus, final: UrlFacts): boolean {
  const handsOver =
    page.anchors.some((anchor) => DEVICE_LOGIN.test(anchor.href)) ||
    DEVICE_LOGIN.test(scripts.all) ||
    COPIES_TO_CLIPBOARD.test(scripts.all);
  if (handsOver) return false;
  const dressed = claimedBrands(page, final).some((brand) => !ownsDomain(brand, final.registrableDomain));
  return !dressed && pageNamesOwnSite(page, final, true) && pageGivesRegistration(page);
}

/**
 * A code handed out for a real device sign-in page, named in the text, a link or the page's code
 * (a button that opens the page by script), beside device-code wording, a code shown in the
 * page's shape, or a script that copies a code to the clipboard: the last two read in any language.
 */
export function deviceCodeFinding(page: PageFacts, scripts: ScriptCorpus, final: UrlFacts): Finding | undefined {
  const text = `${page.title} \n ${page.prose}`;
  const loginPage = [text, ...page.anchors.map((anchor) => anchor.href), scripts.all].join(' \n ').match(DEVICE_LOGIN)?.[0];
  const own = loginPage && final.registrableDomain && urlFacts(`https://${loginPage}`).registrableDomain === final.registrableDomain;
  const codeGiven = SHOWN_CODE.test(page.prose) || COPIES_TO_CLIPBOARD.test(scripts.all);
  if (loginPage && !own && (codeGiven || DEVICE_WORDS.test(text)) && !explainsDeviceSignIn(page, scripts, final)) {
    return {
      risk_score: codeGiven ? 85 : 70,
      message: `The page hands out a code to enter at ${loginPage}: entering it signs someone else's device into your account.`,
    };
  }
  return undefined;
}

/** The authorize endpoints of the identity providers whose consent screens kits send visitors to. */
const CONSENT_ENDPOINT =
  /https:\/\/(?:login\.microsoftonline\.com|login\.live\.com|accounts\.google\.com)\/[^\s"'`<>]*?(?:authorize|auth)\b[^\s"'`<>]*/gi;
const BROAD_SCOPES =
  /(?:mail\.(?:read|send|readwrite)|files\.read|files\.readwrite|sites\.read|offline_access[^&]*(?:mail|files)|auth\/gmail|auth\/drive|mail\.google\.com\/?(?:[&"'`\s]|$))/i;
const PRETEXT = lexiconPattern('pretext');

function decoded(address: string): string {
  try {
    return decodeURIComponent(address.replaceAll('&amp;', '&'));
  } catch {
    return address;
  }
}

/**
 * The consent screen the page sends the visitor to: an authorize address with an app's own
 * `client_id` and mail or file scopes, in a link, a form or the page's code (a button that opens it
 * by script, pieces joined at run time).
 */
function consentRequest(page: PageFacts, scripts: ScriptCorpus): URL | undefined {
  const places = [...page.anchors.map((anchor) => anchor.href), ...page.forms.map((form) => form.action ?? ''), scripts.all];
  for (const place of places) {
    const addresses = [...place.matchAll(CONSENT_ENDPOINT)].map(([address]) => decoded(address));
    const asked = addresses.find((address) => /[?&]client_id=/i.test(address) && URL.canParse(address));
    // Code may keep the scopes in a string of their own, added to the address when the button is clicked.
    if (asked && BROAD_SCOPES.test(decoded(place))) return new URL(asked);
  }
  return undefined;
}

/**
 * A page that sends the visitor to grant an app access to mail and files. An app's own page that
 * names its own organisation ("connect your mailbox to Acme CRM") and wears no other brand asks
 * for its own app; a stranger's page asks for someone else's, more plainly so behind a pretext or
 * another brand's dress.
 */
export function appConsentFinding(page: PageFacts, scripts: ScriptCorpus, final: UrlFacts): Finding | undefined {
  const consent = consentRequest(page, scripts);
  if (!consent) return undefined;
  if (urlFacts(consent.href).registrableDomain === final.registrableDomain) return undefined;
  const dressed = claimedBrands(page, final).some((brand) => !ownsDomain(brand, final.registrableDomain));
  if (!dressed && pageNamesOwnSite(page, final, true)) return undefined;
  const shown = [page.title, ...page.headings, ...page.buttons, page.prose.slice(0, 5_000)].join(' \n ');
  const lured = dressed || PRETEXT.test(shown) || VIEWER_WORDS.test(shown);
  return {
    risk_score: lured ? 85 : 70,
    message: `The page sends you to ${consent.hostname} to grant an app access to your mail or files${lured ? ', behind a pretext or another brand\u2019s dress' : ''}: consenting gives it your data without a password.`,
  };
}

const VIEWER_WORDS = lexiconPattern('documentViewer');

export function documentViewerFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  const owner = final.registrableDomain ? pageBrandCatalogue().byDomain.get(final.registrableDomain) : undefined;
  if (owner) return undefined;
  const inputs = allInputs(page);
  if (!inputs.some(isPasswordInput)) return undefined;
  if (!VIEWER_WORDS.test([page.title, ...page.headings, ...page.buttons, page.prose.slice(0, 5_000)].join(' \n '))) return undefined;
  if (pageNamesOwnSite(page, final, true)) return undefined;
  const mailbox = inputs.some(isIdentifierInput);
  return {
    risk_score: mailbox ? 85 : 75,
    message: `A "view the document" page asks for ${mailbox ? 'your e-mail address and its password' : 'a password'} before showing the file.`,
  };
}

/**
 * The addresses of sign-in pages people trust at a glance, written out as an address bar would show
 * them; the scheme may stand in an element of its own (a grey "https://" before the host), which the
 * page's text reads with a space between.
 */
const SIGN_IN_ADDRESS =
  /https:\/\/\s?(?:login\.microsoftonline\.com|login\.live\.com|accounts\.google\.com|appleid\.apple\.com|www\.facebook\.com\/login|steamcommunity\.com\/openid|discord\.com\/(?:login|oauth2)|(?:www\.)?paypal\.com\/signin|login\.yahoo\.com|x\.com\/i\/flow\/login)[^\s"'<>]*/i;

export function browserInBrowserFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  const shown = page.text.match(SIGN_IN_ADDRESS)?.[0].replace(/\s/g, '');
  if (!shown) return undefined;
  const shownSite = urlFacts(shown).registrableDomain;
  if (shownSite === final.registrableDomain) return undefined;
  const asks = allInputs(page).some((input) => isPasswordInput(input) || isIdentifierInput(input));
  if (!asks && page.frames.length === 0) return undefined;
  return {
    risk_score: 85,
    message: `The page draws a sign-in window showing ${new URL(shown).hostname} in a fake address bar, while it is served by ${final.hostname}.`,
  };
}
