import { CONFIRM_PASSWORD_MESSAGES, confirmPasswordProblem, emailProblem, PASSWORD_MESSAGES, passwordProblem } from '@riskscan/contracts';

/** A broken sign-up rule: the line under the field and the toast (SPEC §5). */
export type FieldProblem = { inline: string; toast: string };

export const PASSWORD_HINT = '* Use 8 or more characters with a mix of letters, numbers, symbols & at least one uppercase letter';

export function signUpEmailProblem(email: string): FieldProblem | null {
  const problem = emailProblem(email);
  return problem ? { inline: `* ${problem}.`, toast: problem } : null;
}

/** Every rule but "required" shows the hint under the field; the toast names the cause. */
export function signUpPasswordProblem(password: string): FieldProblem | null {
  const problem = passwordProblem(password);
  if (!problem) return null;
  return { inline: problem === PASSWORD_MESSAGES.required ? '* Password required.' : PASSWORD_HINT, toast: problem };
}

export function signUpConfirmationProblem(password: string, confirmation: string): FieldProblem | null {
  const problem = confirmPasswordProblem(password, confirmation);
  if (!problem) return null;
  return problem === CONFIRM_PASSWORD_MESSAGES.required
    ? { inline: '* Confirm Password required.', toast: 'Confirm Password required.' }
    : { inline: "* Those passwords didn't match. Try again.", toast: 'Not match Passwords' };
}

export type SignUpForm = { email: string; password: string; rePassword: string };
export type SignUpField = keyof SignUpForm;

/** Submit checks in the spec's order: e-mail, then password, then the re-entered password. */
export function firstSignUpProblem(form: SignUpForm): { field: SignUpField; problem: FieldProblem } | null {
  const checks: [SignUpField, FieldProblem | null][] = [
    ['email', signUpEmailProblem(form.email)],
    ['password', signUpPasswordProblem(form.password)],
    ['rePassword', signUpConfirmationProblem(form.password, form.rePassword)],
  ];
  const found = checks.find(([, problem]) => problem);
  return found?.[1] ? { field: found[0], problem: found[1] } : null;
}
