import type { FormInput, PageFacts, PageForm } from './page-facts.ts';

const describe = (input: FormInput) => `${input.name} ${input.placeholder} ${input.autocomplete}`.toLowerCase();

export function isPasswordInput(input: FormInput): boolean {
  return input.type === 'password' || /current-password|new-password/.test(input.autocomplete);
}

export function isCardInput(input: FormInput): boolean {
  return (
    /\bcc-(number|csc|exp)/.test(input.autocomplete) ||
    /card.?(number|num|no)\b|\bcc.?num|\bcvv|\bcvc|\bcsc\b|security.?code|card.?expir/.test(describe(input))
  );
}

/** Wallet recovery ("seed") phrase fields: a drainer kit's richest prize. */
export function isSeedPhraseInput(input: FormInput): boolean {
  return /seed|mnemonic|recovery.?phrase|secret.?phrase|private.?key|\bword.?\d{1,2}\b/.test(describe(input));
}

/** One-time codes: SMS codes, TANs, authenticator codes, the second factor a kit relays at once. */
export function isOneTimeCodeInput(input: FormInput): boolean {
  return (
    input.autocomplete === 'one-time-code' ||
    /\botp\b|one.?time|\b(?:sms|auth|verification|security|mfa|2fa).?code|\b(?:m|sms|push)?tan\b/.test(describe(input))
  );
}

/** National identity and tax numbers: SSN, AHV, codice fiscale, DNI/NIE, NIF, BSN, CPF, Steuer-ID. */
export function isNationalIdInput(input: FormInput): boolean {
  return /\bssn\b|social.?security|national.?(?:id|insurance)|\bahv|avs.?n|codice.?fiscale|\bdni\b|\bnif\b|\bbsn\b|\bcpf\b|steuer.?id|tax.?id|\bpesel\b|aadhaar|\bpan.?(?:no|number)\b/.test(
    describe(input),
  );
}

export function allInputs(page: PageFacts): FormInput[] {
  return [...page.forms.flatMap((form) => form.inputs), ...page.looseInputs];
}

/** An input whose value lets someone else log in, pay or empty a wallet as the visitor. */
export function isSecretInput(input: FormInput): boolean {
  return isPasswordInput(input) || isCardInput(input) || isSeedPhraseInput(input) || isOneTimeCodeInput(input) || isNationalIdInput(input);
}

export function isSensitiveForm(form: PageForm): boolean {
  return form.inputs.some(isSecretInput);
}

/** True when the page asks for a password, card number, wallet phrase, one-time code or national ID anywhere. */
export function asksForSecrets(page: PageFacts): boolean {
  return allInputs(page).some(isSecretInput);
}

const IDENTIFIER = /user|login|e-?mail|account|member|phone|benutzer|utente|usuario|gebruiker|utilisateur|identifiant|usuário/;

/**
 * The first step of a login: a field for the account name (e-mail, user name, member number),
 * password or not, beside sign-in wording. Kits split Microsoft- and bank-style logins in two
 * steps; the first asks for no secret yet.
 */
export function asksForLogin(page: PageFacts, signInWording: RegExp): boolean {
  const identifier = allInputs(page).some(
    (input) =>
      input.type === 'email' || /username|email/.test(input.autocomplete) || (input.type === 'text' && IDENTIFIER.test(describe(input))),
  );
  return identifier && signInWording.test([page.title, ...page.headings, ...page.labels, page.prose].join(' \n '));
}

/** What the page asks for, in plain words, most valuable first. */
export function secretsAskedFor(page: PageFacts): string[] {
  const inputs = allInputs(page);
  const asked: [string, (input: FormInput) => boolean][] = [
    ['a wallet recovery phrase', isSeedPhraseInput],
    ['card details', isCardInput],
    ['a password', isPasswordInput],
    ['a one-time code', isOneTimeCodeInput],
    ['a national ID number', isNationalIdInput],
  ];
  return asked.filter(([, test]) => inputs.some(test)).map(([what]) => what);
}
