import { isValidEmail, LOGIN_MESSAGES, PASSWORD_RESET_MESSAGES } from '@riskscan/contracts';

/** SPEC §5 sign-in: both fields, then the e-mail pattern; the message a toast shows, or null. */
export function signInProblem(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return LOGIN_MESSAGES.incomplete;
  return isValidEmail(email.trim()) ? null : LOGIN_MESSAGES.invalidEmail;
}

/** SPEC §5 reset password: all three present, then equal; the server checks the strength. */
export function resetPasswordProblem(password: string, confirmation: string, token: string | undefined): string | null {
  if (!password || !confirmation || !token) return PASSWORD_RESET_MESSAGES.incomplete;
  return password === confirmation ? null : PASSWORD_RESET_MESSAGES.mismatch;
}
