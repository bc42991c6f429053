/**
 * Words phishing kits name their pages after (`/secure/verify-account.php`, `/owa/login.aspx`):
 * a script file in a path whose name holds one of them is a kit's page more often than a site's.
 * The learned verdict's `kit_file` feature reads them; its weights were trained on this list, so a
 * change here wants the model trained again.
 */
// prettier-ignore
export const KIT_PAGE_WORDS: readonly string[] = [
  'login', 'logon', 'signin', 'sign-in', 'verify', 'verification', 'confirm', 'update', 'secure', 'account', 'auth',
  'billing', 'payment', 'otp', 'sms', 'card', 'validate', 'unlock', 'webscr', 'index', 'region', 'info', 'mail', 'owa',
];
