import { lexiconPattern } from './lexicon/lexicon.ts';
import type { FormInput, PageFacts, PageForm } from './page-facts.ts';

/**
 * What a field asks for, read as an analyst reads it: its type, `autocomplete`, `inputmode` and
 * length, its name, and the words the page shows for it (label, placeholder, `aria-label`) in any
 * of the lexicon's languages. A field's own wording never depends on English names.
 */
const words = (input: FormInput) => `${input.name} ${input.placeholder} ${input.label}`;
const describe = (input: FormInput) => `${input.name} ${input.placeholder} ${input.autocomplete}`.toLowerCase();
/** Names are written in code (`card_number`, `cardNo`): split at separators and case changes before matching words. */
const spaced = (input: FormInput) =>
  `${input.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.[\]]+/g, ' ')} ${input.placeholder} ${input.label}`;

const PASSWORD_WORDS = lexiconPattern('password');
const CARD_NUMBER_WORDS = lexiconPattern('cardNumber');
const CARD_EXPIRY_WORDS = lexiconPattern('cardExpiry');
const CARD_CVC_WORDS = lexiconPattern('cardCvc');
const CODE_WORDS = lexiconPattern('oneTimeCode');
const PIN_WORDS = lexiconPattern('cardPin');
const WALLET_WORDS = lexiconPattern('walletSecret');
const IDENTIFIER_WORDS = lexiconPattern('identifier');
const RECOVERY_WORDS = lexiconPattern('recoveryPhrase');
const NATIONAL_ID_WORDS = lexiconPattern('nationalId');

const TEXT_TYPES = new Set(['text', 'tel', 'number', 'search', 'password', 'textarea', '']);
const isTextual = (input: FormInput) => TEXT_TYPES.has(input.type);
/** "4242 4242 4242 4242", "•••• •••• •••• ••••", "0000-0000-0000-0000": a card number's shape as placeholder. */
const CARD_SHAPE = /^\s*(?:[\d•*x#0]{4}[\s-]?){3}[\d•*x#0]{4}\s*$/i;
/** "MM/YY", "MM / AA", "MM/JJ", "AA/YY": an expiry's shape as placeholder. */
const EXPIRY_SHAPE = /^\s*(?:mm|aa)\s*\/\s*(?:yy|aa|jj|rr|åå|гг)(?:yy)?\s*$/i;

export function isPasswordInput(input: FormInput): boolean {
  if (input.type === 'password' || /current-password|new-password/.test(input.autocomplete)) return true;
  if (!isTextual(input)) return false;
  // A text input drawn as dots, or labelled as the password in any language, is a password field.
  return input.masked || (PASSWORD_WORDS.test(words(input)) && !CODE_WORDS.test(words(input)) && !CARD_CVC_WORDS.test(words(input)));
}

export function isCardInput(input: FormInput): boolean {
  if (/\bcc-(number|csc|exp)/.test(input.autocomplete)) return true;
  if (/card.?(number|num|no)\b|\bcc.?num|\bcvv|\bcvc|\bcsc\b|security.?code|card.?expir/.test(describe(input))) return true;
  if (!isTextual(input)) return false;
  const text = spaced(input);
  if (CARD_NUMBER_WORDS.test(text) || CARD_CVC_WORDS.test(text) || CARD_EXPIRY_WORDS.test(text)) return true;
  if (CARD_SHAPE.test(input.placeholder) || EXPIRY_SHAPE.test(input.placeholder)) return true;
  // A numeric field of 19 characters with a card number's digit pattern.
  return /\\d\{1[3-9]|\[0-9\]\{1[3-9]|\{13,19\}/.test(input.pattern) && (input.maxlength ?? 19) >= 16;
}

/** Wallet recovery ("seed") phrase fields: a drainer kit's richest prize. */
export function isSeedPhraseInput(input: FormInput): boolean {
  return (
    /seed|mnemonic|recovery.?phrase|secret.?phrase|private.?key|\bword.?\d{1,2}\b/.test(describe(input)) || WALLET_WORDS.test(spaced(input))
  );
}

/** One-time codes: SMS codes, TANs, authenticator codes, the second factor a kit relays at once. */
export function isOneTimeCodeInput(input: FormInput): boolean {
  return (
    input.autocomplete === 'one-time-code' ||
    /\botp\b|one.?time|\b(?:sms|auth|verification|security|mfa|2fa).?code|\b(?:m|sms|push)?tan\b/.test(describe(input)) ||
    (isTextual(input) && CODE_WORDS.test(spaced(input)))
  );
}

/** A card's PIN (or a bank's secret number) asked for in a text field, named in any language. */
export function isPinInput(input: FormInput): boolean {
  return isTextual(input) && PIN_WORDS.test(spaced(input));
}

/** National identity and tax numbers (SSN, codice fiscale, CPF, 주민등록번호, СНИЛС...), by the field's code name or its words in any language. */
export function isNationalIdInput(input: FormInput): boolean {
  return (
    /\bssn\b|social.?security|national.?(?:id|insurance)|\bahv|avs.?n|codice.?fiscale|\bdni\b|\bnif\b|\bbsn\b|\bcpf\b|steuer.?id|tax.?id|\bpesel\b|aadhaar|\bpan.?(?:no|number)\b|\btc.?kimlik|\bmy.?number\b/.test(
      describe(input),
    ) ||
    (isTextual(input) && NATIONAL_ID_WORDS.test(spaced(input)))
  );
}

export function allInputs(page: PageFacts): FormInput[] {
  return [...page.forms.flatMap((form) => form.inputs), ...page.looseInputs];
}

/** Wallet phrases are 12, 15, 18, 21 or 24 words; a grid of that many one-word inputs is a phrase form. */
const MIN_WORD_GRID = 12;
const WORD_TYPES = new Set(['text', 'password', 'textarea', 'search', '']);
export const isWordInput = (input: FormInput) => WORD_TYPES.has(input.type);

/** The text a page shows around its inputs: prose, headings, labels, placeholders. */
export function askingText(page: PageFacts): string {
  return [page.title, page.prose, ...page.headings, ...page.labels, ...allInputs(page).map((input) => input.placeholder)].join(' \n ');
}

/**
 * A wallet's recovery phrase asked for word by word: twelve or more one-word fields beside
 * "recovery phrase" / "12 words" wording, or named word1..word12. Fields without names or
 * labels (a grid a script builds) are a phrase form only by that wording.
 */
export function recoveryPhraseGrid(page: PageFacts): { fields: number; wording: boolean } | null {
  const typed = allInputs(page).filter(isWordInput);
  const wording = RECOVERY_WORDS.test(askingText(page));
  if (typed.length < MIN_WORD_GRID) return null;
  const named = typed.filter((input) => /word|phrase|seed|mnemonic|\d$/i.test(input.name)).length >= MIN_WORD_GRID;
  return wording || named ? { fields: typed.length, wording } : null;
}

/** An input whose value lets someone else log in, pay or empty a wallet as the visitor. */
export function isSecretInput(input: FormInput): boolean {
  return (
    isPasswordInput(input) ||
    isCardInput(input) ||
    isSeedPhraseInput(input) ||
    isOneTimeCodeInput(input) ||
    isPinInput(input) ||
    isNationalIdInput(input)
  );
}

/** Four to eight one-character boxes side by side: how pages ask for a one-time code digit by digit. */
function hasCodeBoxes(inputs: readonly FormInput[]): boolean {
  let run = 0;
  for (const input of inputs) {
    run = isTextual(input) && input.maxlength === 1 ? run + 1 : 0;
    if (run >= 4) return true;
  }
  return false;
}

export function isSensitiveForm(form: PageForm): boolean {
  return form.inputs.some(isSecretInput) || hasCodeBoxes(form.inputs);
}

/** True when the page asks for a password, card number, wallet phrase, one-time code or national ID anywhere. */
export function asksForSecrets(page: PageFacts): boolean {
  const inputs = allInputs(page);
  return inputs.some(isSecretInput) || hasCodeBoxes(inputs) || recoveryPhraseGrid(page) !== null;
}

/**
 * True when the page's own script holds a form that asks for a secret, written in as markup once
 * the visitor clicks (a bank picked from a list): the page asks, one click later.
 */
export function asksOnceClicked(page: PageFacts): boolean {
  return page.scriptedInputs.some(isSecretInput) || hasCodeBoxes(page.scriptedInputs);
}

const IDENTIFIER = /user|login|e-?mail|account|member|phone|benutzer|utente|usuario|gebruiker|utilisateur|identifiant|usuário/;

/** A field for the account name: e-mail, user name, customer or contract number, in any language. */
export function isIdentifierInput(input: FormInput): boolean {
  return (
    input.type === 'email' ||
    /username|email/.test(input.autocomplete) ||
    ((input.type === 'text' || input.type === 'tel') && (IDENTIFIER.test(describe(input)) || IDENTIFIER_WORDS.test(spaced(input))))
  );
}

/**
 * The first step of a login: a field for the account name (e-mail, user name, member number),
 * password or not, beside sign-in wording in the page or on its buttons. Kits split Microsoft- and
 * bank-style logins in two steps; the first asks for no secret yet.
 */
export function asksForLogin(page: PageFacts, signInWording: RegExp): boolean {
  const identifier = allInputs(page).some(isIdentifierInput);
  return identifier && signInWording.test([page.title, ...page.headings, ...page.labels, ...page.buttons, page.prose].join(' \n '));
}

/** What the page asks for, in plain words, most valuable first. */
export function secretsAskedFor(page: PageFacts): string[] {
  const inputs = allInputs(page);
  const asked: [string, (input: FormInput) => boolean][] = [
    ['a wallet recovery phrase', isSeedPhraseInput],
    ['card details', isCardInput],
    ['a password', isPasswordInput],
    ['a one-time code', isOneTimeCodeInput],
    ['a card PIN', (input) => isPinInput(input) && !isPasswordInput(input)],
    ['a national ID number', isNationalIdInput],
  ];
  const found = asked.filter(([, test]) => inputs.some(test)).map(([what]) => what);
  if (!found.includes('a wallet recovery phrase') && recoveryPhraseGrid(page)) found.unshift('a wallet recovery phrase');
  if (!found.includes('a one-time code') && hasCodeBoxes(inputs)) found.push('a one-time code');
  return found;
}
