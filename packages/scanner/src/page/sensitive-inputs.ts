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

export function allInputs(page: PageFacts): FormInput[] {
  return [...page.forms.flatMap((form) => form.inputs), ...page.looseInputs];
}

export function isSensitiveForm(form: PageForm): boolean {
  return form.inputs.some((input) => isPasswordInput(input) || isCardInput(input) || isSeedPhraseInput(input));
}

/** True when the page asks for a password, card number or wallet phrase anywhere. */
export function asksForSecrets(page: PageFacts): boolean {
  return allInputs(page).some((input) => isPasswordInput(input) || isCardInput(input) || isSeedPhraseInput(input));
}
