import type { ReactNode } from 'react';
import '@/lib/page-kit/page-kit.css';
import '../auth.css';

const PROMISES = [
  'Risk score 0-100 with the reasons behind it',
  'Phishing, malware and brand-spoofing checks',
  'Scan profiles, history and a REST API',
];

/** The frame of every account screen: a short pitch beside the form card (stacked on phones). */
export function AuthLayout({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-screen">
      <aside className="auth-screen__pitch" aria-hidden="true">
        <p className="auth-screen__brand">riskscan</p>
        <p className="auth-screen__claim">Is this URL safe to visit?</p>
        <ul>
          {PROMISES.map((promise) => (
            <li key={promise}>{promise}</li>
          ))}
        </ul>
      </aside>
      <section className="auth-card pk-card">
        <h1>{title}</h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </section>
    </div>
  );
}
