/**
 * SPEC §5 rules for the home page's auth block (shown to guests when free scanning is off).
 * The account screens have their own copy in features/auth; lifting both into lib/ is the next step.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function signInProblem(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return 'Oops, please reconfirm your login form.';
  if (!EMAIL.test(email.trim())) return 'Please enter a valid email address.';
  return null;
}

/** Sign-up checks in order: e-mail, password, re-entered password; the toast text of the first failure. */
export function signUpProblem(email: string, password: string, confirm: string): string | null {
  if (email.trim() === '') return 'Email required';
  if (!EMAIL.test(email.trim())) return 'Valid email required';
  if (password === '') return 'Password required';
  if (password.length < 8) return 'Use at least 8 characters for your password';
  if (!/[A-Z]/.test(password)) return 'Include uppercase letter for your password';
  if (!/[a-z]/.test(password)) return 'Include lowercase letter for your password';
  if (!/\d/.test(password)) return 'Include digit for your password';
  if (!/[!@#$%^&*]/.test(password) || /[^A-Za-z\d!@#$%^&*]/.test(password)) return 'Include symbol for your password';
  if (confirm === '') return 'Confirm Password required.';
  if (confirm !== password) return 'Not match Passwords';
  return null;
}
