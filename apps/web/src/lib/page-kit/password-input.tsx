import { type InputHTMLAttributes, useState } from 'react';
import './page-kit.css';

/** A password box with the show/hide toggle of SPEC §2 account screens. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="pk-password">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="pk-password__toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}
