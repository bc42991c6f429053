import { emailProblem } from '@riskscan/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { showToast } from '@/lib/toast.ts';
import { answerMessage } from '@/lib/api-error-message.ts';
import { FormField } from '@/lib/page-kit/form-field.tsx';
import { useSession } from '@/lib/session.ts';
import { changeEmail, updateProfile, userDetailsQuery } from '../api/account.ts';
import '@/lib/page-kit/profile-panel.css';

function ProfileDetails({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const details = useQuery(userDetailsQuery);
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shownName = name ?? details.data?.name ?? '';

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await updateProfile({ Email: email, Name: shownName.trim() });
      await queryClient.invalidateQueries({ queryKey: userDetailsQuery.queryKey });
      void showToast('success', 'Update profile success.');
    } catch (error) {
      void showToast('error', answerMessage(error, 'Name'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="profile-form" onSubmit={save}>
      <label className="pk-field">
        <span>Name</span>
        <input value={shownName} autoComplete="name" onChange={(e) => setName(e.target.value)} maxLength={150} />
      </label>
      <button type="submit" className="pk-button pk-button--ghost" disabled={busy}>
        Save name
      </button>
    </form>
  );
}

export function ChangeEmailSection() {
  const email = useSession((s) => s.user?.email ?? '');
  const [newEmail, setNewEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(newEmail);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const answer = await changeEmail(newEmail.trim());
      setPending(answer.new_email);
      setNewEmail('');
      void showToast('success', answer.detail);
    } catch (failure) {
      const message = answerMessage(failure, 'new_email');
      setError(message);
      void showToast('error', message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="profile-panel pk-card" aria-labelledby="change-email-title">
      <h2 id="change-email-title">Change email</h2>
      <p>
        Signed in as <strong>{email}</strong>
      </p>
      {pending && (
        <p className="profile-notice" role="status">
          We sent a confirmation link to <strong>{pending}</strong>. Your address changes once you follow it.
        </p>
      )}
      <form className="profile-form" onSubmit={submit} noValidate>
        <FormField id="new-email" label="New email" error={error}>
          {(input) => <input {...input} type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />}
        </FormField>
        <button type="submit" className="pk-button" disabled={busy}>
          {busy ? 'Please Wait...' : 'Update email'}
        </button>
      </form>
      <hr className="profile-rule" />
      <h3>Profile details</h3>
      <ProfileDetails email={email} />
    </section>
  );
}
