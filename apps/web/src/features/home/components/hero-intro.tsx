import { useState } from 'react';
import { Link } from 'react-router';
import { VideoModal } from './video-modal.tsx';

/** SPEC §1 headline and hero copy, Contact Us to /about#contact-us and the Watch Video button. */
export function HeroIntro() {
  const [videoOpen, setVideoOpen] = useState(false);
  return (
    <div className="hero-intro">
      <p className="hero-intro__eyebrow">URL risk scanner · AI + rule-based checks</p>
      <h1>Browsing Risk Test: Is this URL safe to visit?</h1>
      <p className="hero-intro__copy">
        Scan any URL now, the most powerful tool to detect and stop potentially malicious websites. Use the web form or the API: AI checks
        and rule-based checks look at behaviour and content patterns, the URL, page content and images, cross-check known phishing and
        malware-URL databases, and watch for domain typosquatting.
      </p>
      <div className="hero-intro__actions">
        <Link to="/about#contact-us" className="button button--on-dark">
          Contact Us
        </Link>
        <button type="button" className="button button--on-dark" onClick={() => setVideoOpen(true)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M8 5v14l11-7L8 5Z" fill="currentColor" />
          </svg>
          Watch Video
        </button>
      </div>
      {videoOpen ? <VideoModal onClose={() => setVideoOpen(false)} /> : null}
    </div>
  );
}
