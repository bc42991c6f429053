import { confirmPasswordProblem, passwordProblem } from '@riskscan/contracts';
import { type FormEvent, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { hasFieldError, answerMessage } from '@/lib/api-error-message.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { PasswordInput } from '@/lib/page-kit/password-input.tsx';
import { useSession } from '@/lib/session.ts';
import { changePassword } from '../api/account.ts';
import '@/lib/page-kit/profile-panel.css';

type Fields = { old_password: string; new_password1: string; new_password2: string };
const EMPTY: Fields = { old_password: '', new_password1: '', new_password2: '' };

export function ChangePasswordSection() {
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Fields> = {};
    if (!fields.old_password) found.old_password = 'Password required';
    const weak = passwordProblem(fields.new_password1);
    if (weak) found.new_password1 = weak;
    const mismatch = confirmPasswordProblem(fields.new_password1, fields.new_password2);
    if (mismatch) found.new_password2 = mismatch;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await changePassword(fields);
      const { user, storeTokens } = useSession.getState();
      // The server ended every other session; this one continues on the new pair.
      storeTokens({ accessToken: session.token, refreshToken: session.refreshToken }, { ...user, email: session.email, uid: session.uid });
      setFields(EMPTY);
      void showToast('success', 'Update password success!');
    } catch (error) {
      if (hasFieldError(error, 'old_password')) setErrors({ old_password: answerMessage(error, 'old_password') });
      void showToast('error', 'Opps! Update password failed.');
    } finally {
      setBusy(false);
    }
  }

  const row = (key: keyof Fields, label: string, autoComplete: string) => (
    <FormField id={`pw-${key}`} label={label} error={errors[key]}>
      {(input) => <PasswordInput {...input} autoComplete={autoComplete} value={fields[key]} onChange={(e) => set(key)(e.target.value)} />}
    </FormField>
  );

  return (
    <section className="profile-panel pk-card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <p className="pk-hint">After the change, you stay signed in here and every other device is signed out.</p>
      <form className="profile-form" onSubmit={submit} noValidate>
        {row('old_password', 'Current password', 'current-password')}
        {row('new_password1', 'New password', 'new-password')}
        {row('new_password2', 'Confirm new password', 'new-password')}
        <p className="pk-hint">
          Use 8 or more characters with a mix of letters, numbers, symbols (!@#$%^&*) & at least one uppercase letter.
        </p>
        <button type="submit" className="pk-button" disabled={busy}>
          {busy ? 'Please Wait...' : 'Update password'}
        </button>
      </form>
    </section>
  );
}
