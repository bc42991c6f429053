import { Reveal } from '@/components/ui/reveal.tsx';

/** What the scanner does and for whom (SPEC §1). */
const FEATURES = [
  {
    title: 'AI and rule-based checks',
    text: 'AI checks and rule-based checks work together, applying behaviour and content-pattern criteria.',
    icon: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7l8-4Z',
  },
  {
    title: 'URL, content and images',
    text: 'We analyse the URL, the page content and its images, including brand spoofing.',
    icon: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5',
  },
  {
    title: 'Known phishing and malware',
    text: 'Every scan is cross-checked against known phishing and malware-URL databases.',
    icon: 'M12 8v5m0 3h.01M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  },
  {
    title: 'Typosquatting monitoring',
    text: 'Look-alike domains of your brand are spotted before they reach your customers.',
    icon: 'M4 7h10M4 12h16M4 17h7M17 5l3 3-3 3',
  },
  {
    title: 'Web form and REST API',
    text: 'Scan in the browser or plug the REST API (JSON output) into your own tools.',
    icon: 'M8 9l-4 3 4 3M16 9l4 3-4 3M13 6l-2 12',
  },
  {
    title: 'SOC and SIEM ready',
    text: 'Detect dangerous links in e-mails or proxy-recorded visits, and feed threat-intelligence solutions.',
    icon: 'M3 12h4l3 7 4-14 3 7h4',
  },
] as const;

export function FeaturesSection() {
  return (
    <section className="features" aria-labelledby="features-title">
      <div className="container">
        <Reveal className="section-head">
          <h2 id="features-title">Everything a link can hide, checked in one scan</h2>
          <p className="muted">
            Domain monitoring, help for security operations centres and event-management systems, and support for threat intelligence.
          </p>
        </Reveal>
        <ul className="features__grid">
          {FEATURES.map((feature, index) => (
            <Reveal as="li" key={feature.title} className="feature-card" delayMs={(index % 3) * 80}>
              <span className="feature-card__icon" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path d={feature.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </Reveal>
          ))}
        </ul>
      </div>
    </section>
  );
}
