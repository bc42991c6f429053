import type { ContactForm as ContactFields } from '@riskscan/contracts';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '@/lib/toast.ts';
import { REDIRECT_DELAY_MS } from '@/lib/page-kit/hard-navigation.ts';
import { useContactForm } from '../api/contact-form.ts';

const EMPTY: ContactFields = { name: '', email: '', subject: '', message: '' };

/** SPEC §5: every field required, the e-mail checked by the browser. */
export function ContactForm() {
  const navigate = useNavigate();
  const send = useContactForm();
  const [fields, setFields] = useState(EMPTY);
  const set = (key: keyof ContactFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(fields, {
      onSuccess: () => {
        void showToast('success', 'Email Sent');
        setFields(EMPTY);
        window.setTimeout(() => void navigate('/about'), REDIRECT_DELAY_MS);
      },
      // The visitor stays with what they typed, to try again.
      onError: () => void showToast('error', 'Email Failed'),
    });
  }

  return (
    <form className="about-contact__form pk-card" onSubmit={submit}>
      <div className="about-contact__grid">
        <label className="pk-field">
          <span>Name</span>
          <input name="name" autoComplete="name" required value={fields.name} onChange={(e) => set('name')(e.target.value)} />
        </label>
        <label className="pk-field">
          <span>Email</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        </label>
      </div>
      <label className="pk-field">
        <span>Subject</span>
        <input name="subject" required value={fields.subject} onChange={(e) => set('subject')(e.target.value)} />
      </label>
      <label className="pk-field">
        <span>Message</span>
        <textarea name="message" required value={fields.message} onChange={(e) => set('message')(e.target.value)} />
      </label>
      <button type="submit" className="pk-button" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
