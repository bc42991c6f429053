import type { FormInput, PageFacts } from '../page/page-facts.ts';
import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { ScriptCorpus } from '../page/revealed-code.ts';
import {
  allInputs,
  askingText,
  asksForSecrets,
  isPasswordInput,
  isSeedPhraseInput,
  isSensitiveForm,
  isWordInput,
  recoveryPhraseGrid,
} from '../page/sensitive-inputs.ts';
import { siteOf, urlFacts, type UrlFacts } from '../url/url-facts.ts';
import type { BrandCatalogue } from '../brand/brand-catalogue.ts';
import type { Finding } from './check.ts';

const RECOVERY = lexiconPattern('recoveryPhrase');

/**
 * A wallet's recovery phrase or private key asked for on a web page: an input named for it, a
 * grid of twelve or more one-word inputs, or a text field beside "recovery phrase" / "24 words"
 * wording in any of our languages. Wording alone (an article warning about these pages) is not
 * a request. No wallet ever asks for its phrase on a website, so only a wallet's own domain is exempt.
 */
/** A number's shape as placeholder ("0.0", "100", "€ 0,00"): an amount field, not one for twelve words. */
const NUMBER_PLACEHOLDER = /^[\s\d.,:%$€£¥+-]+$/;

/**
 * Whether a one-line field could take a phrase of words: not a search box, an amount, a number, a telephone number
 * or an address (`inputmode`, a number's placeholder), and long enough for twelve words.
 */
function couldHoldPhrase(input: FormInput): boolean {
  // A search box holds a query: a documentation page's search beside its phrase warnings asks for nothing.
  if (input.type === 'search' || /^(?:q|query|s|search|keywords?)$/i.test(input.name)) return false;
  if (/^(?:numeric|decimal|tel|email|url)$/i.test(input.inputmode)) return false;
  if (input.placeholder.trim() !== '' && NUMBER_PLACEHOLDER.test(input.placeholder)) return false;
  if (!saysWhatItHolds(input)) return input.maxlength === null || input.maxlength >= 40;
  // A field that says what it holds holds that: a phrase only when its own words or name speak of one.
  return RECOVERY.test(`${input.label} ${input.placeholder}`) || isSeedPhraseInput(input) || PHRASE_NAME.test(input.name);
}

/** How a phrase field's name reads in a kit's code (`phrase`, `seedWords`, `mnemonic`, `privKey`). */
const PHRASE_NAME = /phrase|seed|mnemonic|words?|secret|key/i;

/** Autocomplete values that name no kind of data: the field keeps its purpose to itself. */
const NO_PURPOSE = /^(?:|on|off|nope|false|none|new-password|current-password)$/i;

/**
 * Whether a one-line field says what it holds (decision 676): a label or caption of its own, or an
 * `autocomplete` naming the data the browser fills in (`name`, `email`, `tel`, `street-address`).
 * A sign-up form beside a warning never to type the phrase anywhere ("nobody will ever ask your
 * 24 words": a meetup's registration, a hardware-wallet reseller's checkout) asks for a name, an
 * e-mail, a parcel locker's code: its fields say so. A kit's phrase box is captioned with the
 * phrase or left bare, its wording above it.
 */
function saysWhatItHolds(input: FormInput): boolean {
  return input.label.trim() !== '' || !NO_PURPOSE.test(input.autocomplete.trim());
}

export function recoveryPhraseFinding(page: PageFacts, final: UrlFacts, catalogue: BrandCatalogue): Finding | undefined {
  const owner = final.registrableDomain ? catalogue.byDomain.get(final.registrableDomain) : undefined;
  if (owner?.sector === 'crypto') return undefined;
  const typed = allInputs(page).filter(isWordInput);
  const named = typed.some(isSeedPhraseInput);
  const grid = recoveryPhraseGrid(page);
  const wording = grid?.wording ?? RECOVERY.test(askingText(page));
  const field = wording && typed.some((input) => input.type === 'textarea' || (!isPasswordInput(input) && couldHoldPhrase(input)));
  if (!named && !grid && !field) return undefined;
  const how = grid ? `${grid.fields} word fields` : 'a field';
  return {
    risk_score: 90,
    message: `The page asks for a wallet's recovery phrase or private key (${how}). No wallet or exchange ever asks for it on a website: whoever has it can empty the wallet.`,
  };
}

/** PHP scripts phishing kits name their mailers and relays after. */
const KIT_SCRIPT = /\/(?:mail(?:er)?|send(?:mail|_?mail|_?data)?|next|results?|telegram|tg|post_?data|email_?send|emailer)\d*\.php$/i;
/** Calls that send data from a script, with the address as a literal. */
const SCRIPT_SEND =
  /(?:fetch|sendBeacon|\$\.(?:post|ajax)|axios\.post|\.open)\s*\(\s*(?:['"`](?:POST|GET)['"`]\s*,\s*)?['"`](https?:\/\/[^'"`\s]+)|\burl\s*:\s*['"`](https?:\/\/[^'"`\s]+)/gi;

/**
 * Where what the visitor types ends up: a Telegram bot (the kits' favourite drop), a mail script,
 * or a script that sends the form to another site. Only forms that ask for secrets count: a
 * contact form mailed by `send.php` is ordinary.
 */
export function collectorFinding(page: PageFacts, final: UrlFacts, scripts: ScriptCorpus | null): Finding | undefined {
  const sensitive = asksForSecrets(page);
  const code = scripts?.all ?? '';
  const actions = page.forms.map((form) => ({ form, action: form.action ?? '' }));
  const telegram = /api\.telegram\.org\/bot/i.test(code) || actions.some(({ action }) => /^https?:\/\/api\.telegram\.org\//i.test(action));
  if (telegram) {
    return sensitive
      ? {
          risk_score: 95,
          message: 'What you type into this page is sent to a Telegram bot (api.telegram.org), where phishing kits collect stolen logins.',
        }
      : { risk_score: 60, message: 'The page sends data to a Telegram bot (api.telegram.org).' };
  }
  if (!sensitive) return undefined;
  const kitScript = actions.find(
    ({ form, action }) => isSensitiveForm(form) && /^https?:/i.test(action) && KIT_SCRIPT.test(new URL(action).pathname),
  );
  if (kitScript) {
    return {
      risk_score: 70,
      message: `The login or payment form posts to ${new URL(kitScript.action).pathname.split('/').pop()}, a mail-and-forward script typical of phishing kits.`,
    };
  }
  const own = siteOf(final);
  const targets = [...code.matchAll(SCRIPT_SEND)].map((match) => match[1] ?? match[2] ?? '').filter((url) => URL.canParse(url));
  const foreign = targets.map((url) => urlFacts(url)).find((target) => siteOf(target) !== own);
  if (foreign) {
    return {
      risk_score: 70,
      message: `A script on this page that asks for secrets sends data to another site, ${foreign.hostname}.`,
    };
  }
  return undefined;
}

/**
 * A password sent without encryption: the page itself over http, or its login form posting to an
 * http address of the same site (another site is `page_form_action`'s). A real risk to whoever
 * logs in on a shared network, but a careless site, not a deception: it is named as such.
 */
export function insecureLoginFinding(page: PageFacts, final: UrlFacts): Finding | undefined {
  const secrets = allInputs(page).filter((input) => isPasswordInput(input));
  const sensitiveForms = page.forms.filter(isSensitiveForm);
  if (secrets.length === 0 && sensitiveForms.length === 0) return undefined;
  if (final.scheme === 'http' && asksForSecrets(page)) {
    return {
      risk_score: 60,
      message: 'The page asks for a password or payment details over unencrypted http: anyone on the network path can read them.',
    };
  }
  const own = siteOf(final);
  const plain = sensitiveForms.find((form) => form.action && /^http:/i.test(form.action) && siteOf(form.action) === own);
  if (!plain) return undefined;
  return {
    risk_score: 60,
    message: `The login form sends what you type over unencrypted http to ${new URL(plain.action!).hostname}.`,
  };
}
