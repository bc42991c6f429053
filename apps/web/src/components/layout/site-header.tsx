import { useCallback, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { logOut } from '@/lib/log-out.ts';
import { WEB_ROUTES } from '@riskscan/contracts';
import { useIsOperator } from '@/lib/operator-access.ts';
import { useSession } from '@/lib/session.ts';
import { Dropdown } from './dropdown.tsx';
import { Logo } from './logo.tsx';
import { MAIN_LINKS, PROFILE_PATH, SOLUTION_LINKS } from './site-links.ts';
import { useDismiss } from './use-dismiss.ts';
import './site-header.css';

function Avatar({ email }: { email: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {email.charAt(0).toUpperCase()}
    </span>
  );
}

function useSignOut() {
  const navigate = useNavigate();
  return () => {
    void logOut().then(() => navigate('/'));
  };
}

/** Operators review reports of wrong verdicts: their menus link the queue. */
const REVIEW_LINK = { to: WEB_ROUTES.verdictReports, label: 'Verdict reports' };

function AccountMenu({ email, operator }: { email: string; operator: boolean }) {
  const logOut = useSignOut();
  return (
    <Dropdown
      className="account-menu"
      label={
        <>
          <Avatar email={email} />
          <span className="account-menu__email">{email}</span>
        </>
      }
    >
      {(close) => (
        <>
          <Link to={PROFILE_PATH} onClick={close}>
            Profile
          </Link>
          {operator && (
            <Link to={REVIEW_LINK.to} onClick={close}>
              {REVIEW_LINK.label}
            </Link>
          )}
          <button
            type="button"
            onClick={() => {
              close();
              logOut();
            }}
          >
            Log Out
          </button>
        </>
      )}
    </Dropdown>
  );
}

function GuestLinks() {
  return (
    <>
      <NavLink to="/signin" className="site-nav__link">
        Sign in
      </NavLink>
      <Link to="/signup" className="button button--primary header-signup">
        Sign up
      </Link>
    </>
  );
}

/** The mobile menu: same links, closes on a click outside, Escape or navigation (SPEC §2). */
function MobileMenu({ email, operator }: { email: string | undefined; operator: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const logOut = useSignOut();
  useDismiss(ref, open, close);

  return (
    <div ref={ref} className="mobile-menu">
      <button
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label="Menu"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          ) : (
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
      </button>
      <nav
        id="mobile-menu"
        className="mobile-menu__panel"
        aria-label="Mobile"
        hidden={!open}
        onClick={(event) => (event.target as HTMLElement).closest('a, button') && close()}
      >
        {MAIN_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end>
            {link.label}
          </NavLink>
        ))}
        <p className="mobile-menu__group">Solution</p>
        {SOLUTION_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className="mobile-menu__sub">
            {link.label}
          </NavLink>
        ))}
        <div className="mobile-menu__account">
          {email ? (
            <>
              <p className="mobile-menu__email">
                <Avatar email={email} /> {email}
              </p>
              <Link to={PROFILE_PATH}>Profile</Link>
              {operator && <Link to={REVIEW_LINK.to}>{REVIEW_LINK.label}</Link>}
              <button type="button" onClick={logOut}>
                Log Out
              </button>
            </>
          ) : (
            <>
              <Link to="/signin">Sign in</Link>
              <Link to="/signup" className="button button--primary">
                Sign up
              </Link>
            </>
          )}
        </div>
      </nav>
    </div>
  );
}

export function SiteHeader() {
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  const signedInEmail = loggedIn ? user?.email : undefined;
  const operator = useIsOperator(loggedIn ? user : null);
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__brand" aria-label="riskscan home">
          <Logo />
        </Link>
        <nav className="site-nav" aria-label="Main">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className="site-nav__link">
              {link.label}
            </NavLink>
          ))}
          <Dropdown label="Solution" className="solution-menu">
            {(close) =>
              SOLUTION_LINKS.map((link) => (
                <Link key={link.to} to={link.to} onClick={close}>
                  {link.label}
                </Link>
              ))
            }
          </Dropdown>
        </nav>
        <div className="site-header__account">
          {signedInEmail ? <AccountMenu email={signedInEmail} operator={operator} /> : <GuestLinks />}
        </div>
        <MobileMenu email={signedInEmail} operator={operator} />
      </div>
    </header>
  );
}
