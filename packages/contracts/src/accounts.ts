import { z } from 'zod';

/**
 * Accounts and sessions (SPEC §3, §5, §7). The messages are the specification's, letter for
 * letter; the server sends them and the web app can check with the same rules before sending.
 */

/** The shared account behind free-scan guest tokens; it never reaches /profile (SPEC §2, §6). */
export const FREE_SCAN_GUEST_EMAIL = 'free-scan@guest.riskscan.invalid';

export const EMAIL_MESSAGES = {
  required: 'Email required',
  invalid: 'Valid email required',
  taken: 'A user with that email already exists.',
} as const;

export const PASSWORD_MESSAGES = {
  required: 'Password required',
  tooShort: 'Use at least 8 characters for your password',
  uppercase: 'Include uppercase letter for your password',
  lowercase: 'Include lowercase letter for your password',
  digit: 'Include digit for your password',
  symbol: 'Include symbol for your password',
  /** A character outside letters, digits and !@#$%^&*: the spec's hint says what is allowed. */
  disallowed: 'Use 8 or more characters with a mix of letters, numbers, symbols & at least one uppercase letter',
  tooLong: 'Use at most 128 characters for your password',
} as const;

export const CONFIRM_PASSWORD_MESSAGES = {
  required: 'Confirm Password required',
  mismatch: 'Not match Passwords',
} as const;

export const LOGIN_MESSAGES = {
  incomplete: 'Oops, please reconfirm your login form.',
  invalidEmail: 'Please enter a valid email address.',
} as const;

export const PASSWORD_RESET_MESSAGES = {
  incomplete: 'Oops, please reconfirm your change password form.',
  mismatch: 'Oops, The two passwords did not match.',
} as const;

export const PASSWORD_SYMBOLS = '!@#$%^&*';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;

/** SPEC §5: text, an at sign, text, a dot, text. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The first sign-up e-mail problem, or null. */
export function emailProblem(value: string): string | null {
  if (value.trim() === '') return EMAIL_MESSAGES.required;
  return isValidEmail(value.trim()) ? null : EMAIL_MESSAGES.invalid;
}

/** The first password rule broken (SPEC §5, in the spec's order), or null. */
export function passwordProblem(value: string): string | null {
  if (value === '') return PASSWORD_MESSAGES.required;
  if (value.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/[A-Z]/.test(value)) return PASSWORD_MESSAGES.uppercase;
  if (!/[a-z]/.test(value)) return PASSWORD_MESSAGES.lowercase;
  if (!/\d/.test(value)) return PASSWORD_MESSAGES.digit;
  if (![...value].some((c) => PASSWORD_SYMBOLS.includes(c))) return PASSWORD_MESSAGES.symbol;
  if (!/^[A-Za-z\d!@#$%^&*]+$/.test(value)) return PASSWORD_MESSAGES.disallowed;
  return null;
}

export function confirmPasswordProblem(password: string, confirmation: string): string | null {
  if (confirmation === '') return CONFIRM_PASSWORD_MESSAGES.required;
  return confirmation === password ? null : CONFIRM_PASSWORD_MESSAGES.mismatch;
}

/** A string field that reports a missing value with the spec's message instead of a type error. */
const text = (required: string, max: number) => z.string({ error: required }).max(max, { error: required });

const signUpEmail = text(EMAIL_MESSAGES.required, EMAIL_MAX_LENGTH + 64).superRefine((value, ctx) => {
  const problem = emailProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const newPassword = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** POST /register/: errors come per field and the web app shows `email[0]`. */
export const registerRequestSchema = z
  .object({
    email: signUpEmail,
    password1: newPassword,
    password2: z.string({ error: CONFIRM_PASSWORD_MESSAGES.required }).max(PASSWORD_MAX_LENGTH * 2),
  })
  .superRefine(({ password1, password2 }, ctx) => {
    const problem = confirmPasswordProblem(password1, password2);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password2'] });
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerResponseSchema = z.object({ uid: z.string(), email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const checkEmailRequestSchema = z.object({ email: signUpEmail });
/** `POST /register/resend-activation/`: a new activation link for an account still waiting for it. */
export const resendActivationRequestSchema = z.object({ email: signUpEmail });
export type ResendActivationRequest = z.infer<typeof resendActivationRequestSchema>;
/** The same answer whether or not the address has an account, so the call tells nobody who is registered. */
export const ACTIVATION_RESENT = 'If an account with this address is waiting for activation, we have sent it a new activation link.';
/** Re-opening a used activation link: the account works, sign in. */
export const ACCOUNT_ALREADY_ACTIVE = 'Your account is already active. Please sign in.';
/** Signing in before activating: the web app then offers to send the activation mail again. */
export const ACCOUNT_NOT_ACTIVATED = 'Your account is not activated yet. Please check your inbox for the activation email.';
export const checkEmailResponseSchema = z.object({ isEmailTaken: z.boolean() });

/** POST /login/: every problem comes back as `detail` (SPEC §7, §8). */
export const loginRequestSchema = z
  .object({ email: z.string().max(1024).optional(), password: z.string().max(1024).optional() })
  .superRefine(({ email, password }, ctx) => {
    if (!email?.trim() || !password) ctx.addIssue({ code: 'custom', message: LOGIN_MESSAGES.incomplete, path: [] });
    else if (!isValidEmail(email.trim())) ctx.addIssue({ code: 'custom', message: LOGIN_MESSAGES.invalidEmail, path: [] });
  })
  .transform(({ email, password }) => ({ email: email ?? '', password: password ?? '' }));
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * A signed-in session: `token` is the short-lived access token sent as `Authorization: Bearer`,
 * `refreshToken` gets the next one from POST /auth/token.
 */
export const sessionResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  email: z.string(),
  uid: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const refreshTokenRequestSchema = z.object({ refreshToken: z.string().max(512) });
/** A refresh that fails says `loggedIn: false` (HTTP 200), so the web app's 401 handling never loops. */
export const refreshTokenResponseSchema = z.discriminatedUnion('loggedIn', [
  z.object({ loggedIn: z.literal(true), accessToken: z.string(), refreshToken: z.string() }),
  z.object({ loggedIn: z.literal(false) }),
]);
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().max(512).optional() }).nullish();

export const passwordResetRequestSchema = z.object({ email: signUpEmail });
export const statusResponseSchema = z.object({ status: z.literal('OK') });

export const passwordResetConfirmRequestSchema = z
  .object({
    password: z.string().max(1024).optional(),
    password_confirm: z.string().max(1024).optional(),
    token: z.string().max(512).optional(),
  })
  .superRefine(({ password, password_confirm, token }, ctx) => {
    if (!password || !password_confirm || !token) ctx.addIssue({ code: 'custom', message: PASSWORD_RESET_MESSAGES.incomplete, path: [] });
    else if (password !== password_confirm) ctx.addIssue({ code: 'custom', message: PASSWORD_RESET_MESSAGES.mismatch, path: [] });
    else {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
    }
  })
  .transform(({ password, token }) => ({ password: password ?? '', token: token ?? '' }));

/** PATCH /change-email/: errors come as `new_email`; the change happens when the link sent to the new address is followed. */
export const changeEmailRequestSchema = z.object({ new_email: signUpEmail });
export const changeEmailResponseSchema = z.object({ detail: z.string(), new_email: z.string() });
export const changeEmailConfirmRequestSchema = z.object({ token: z.string().min(1).max(512) });
export const changeEmailConfirmResponseSchema = z.object({ email: z.string() });

/** PATCH /change-password/ → a new session; every other session is signed out. */
export const changePasswordRequestSchema = z
  .object({
    old_password: text(PASSWORD_MESSAGES.required, 1024).min(1, { error: PASSWORD_MESSAGES.required }),
    new_password1: newPassword,
    new_password2: z.string({ error: CONFIRM_PASSWORD_MESSAGES.required }).max(PASSWORD_MAX_LENGTH * 2),
  })
  .superRefine(({ new_password1, new_password2 }, ctx) => {
    const problem = confirmPasswordProblem(new_password1, new_password2);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['new_password2'] });
  });
export const changePasswordResponseSchema = sessionResponseSchema;

export const userDetailsSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  date_joined: z.string(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;
export const userDetailsPatchSchema = z.object({ name: z.string().trim().max(150) });

/** POST /update/profile (SPEC §7): a changed Email is confirmed by link like PATCH /change-email/. */
export const updateProfileRequestSchema = z.object({ Email: signUpEmail, Name: z.string().trim().max(150) });
export const updateProfileResponseSchema = z.object({ updateSuccess: z.boolean(), emailChangePending: z.boolean() });
