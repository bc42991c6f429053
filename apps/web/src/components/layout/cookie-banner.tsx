import { useState } from 'react';
import { giveConsent, hasConsent } from './cookie-consent.ts';
import { useCookiePolicy } from './cookie-policy.tsx';
import './cookie-consent.css';

/** Shown while the cookie_accept cookie is absent (SPEC §4); Accept sets it and hides the banner. */
export function CookieBanner() {
  const [visible, setVisible] = useState(() => !hasConsent());
  const showPolicy = useCookiePolicy((state) => state.show);
  if (!visible) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>We use cookies to make riskscan work and to understand how it is used. By continuing to browse you agree to our use of cookies.</p>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--ghost" onClick={showPolicy}>
          Cookie Policy
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            giveConsent();
            setVisible(false);
          }}
        >
          Accept
        </button>
      </div>
    </section>
  );
}
