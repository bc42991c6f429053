import { Link } from 'react-router';
import { useCookiePolicy } from './cookie-policy.tsx';
import { Logo } from './logo.tsx';
import { SOCIAL_LINKS, SOLUTION_LINKS } from './site-links.ts';
import { SocialIcon } from './social-icon.tsx';
import './site-footer.css';

const COMPANY_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
] as const;

export function SiteFooter() {
  const showPolicy = useCookiePolicy((state) => state.show);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Logo />
          <p>Browsing risk tests for every link: rules, AI and reputation data combined in one score.</p>
          <ul className="site-footer__social" aria-label="Social media">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" aria-label={link.label}>
                  <SocialIcon name={link.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <button type="button" className="site-footer__policy" onClick={showPolicy}>
                Cookie Policy
              </button>
            </li>
          </ul>
        </nav>
        <nav aria-label="Solution">
          <h2>Solution</h2>
          <ul>
            {SOLUTION_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <p>Copyright © 2024 riskscan. All rights reserved.</p>
      </div>
    </footer>
  );
}
