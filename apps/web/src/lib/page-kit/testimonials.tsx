import './page-kit.css';

/** SPEC §3 Testimonial: image, title, quote, name, optional handle and link. */
export type Testimonial = { image: string; title: string; quote: string; name: string; handle?: string; link?: string };

/** The five quotes of the about and pricing pages (SPEC §1). Images are initials, drawn in CSS. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    image: 'MK',
    title: 'Our SOC triages links in minutes',
    quote:
      'We pipe every reported e-mail link through the API. The score and the category details tell an analyst at once whether to escalate.',
    name: 'Marta Keller',
    handle: 'SOC lead, Zurich',
  },
  {
    image: 'JD',
    title: 'Caught a look-alike domain on day one',
    quote:
      'Typosquatting monitoring flagged a copy of our login page the morning it went live. We had it taken down before the first phishing wave.',
    name: 'Jonas Dubois',
    handle: 'Brand protection, retail',
  },
  {
    image: 'AP',
    title: 'Clear reports for non-experts',
    quote:
      'Our help desk checks suspicious links with the web form. The gauge and the plain-language explanations mean fewer tickets for my team.',
    name: 'Aisha Patel',
    handle: 'IT manager, healthcare',
  },
  {
    image: 'LR',
    title: 'A sensible API',
    quote: 'JSON out, API keys per integration, quotas that are easy to read. It slotted into our SIEM enrichment without any glue code.',
    name: 'Luca Rossi',
    handle: 'Security engineer',
  },
  {
    image: 'SN',
    title: 'Swiss made, and it shows',
    quote: 'Precise, fast and transparent about what each check does. Scan profiles let us switch off what we do not need.',
    name: 'Sofia Nguyen',
    handle: 'CISO, fintech',
  },
];

export function Testimonials({ heading = 'What our customers say' }: { heading?: string }) {
  return (
    <section className="pk-testimonials" aria-labelledby="pk-testimonials-title">
      <h2 id="pk-testimonials-title">{heading}</h2>
      <ul>
        {TESTIMONIALS.map((t) => (
          <li key={t.name} className="pk-card">
            <span className="pk-testimonials__avatar" aria-hidden="true">
              {t.image}
            </span>
            <h3>{t.title}</h3>
            <blockquote>“{t.quote}”</blockquote>
            <p className="pk-testimonials__who">
              <strong>{t.name}</strong>
              {t.handle && <span>{t.handle}</span>}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
