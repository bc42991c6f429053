import { ContinuousCarousel } from '@/components/ui/continuous-carousel.tsx';

/** Data sources and partners, drawn as word marks so the strip needs no outside pictures. */
const SOURCES = [
  'URLhaus',
  'PhishTank',
  'OpenPhish',
  'Tranco',
  'RDAP',
  'Certificate Transparency',
  'Public Suffix List',
  'GeoLite2',
] as const;

function WordMark({ name }: { name: string }) {
  return (
    <span className="word-mark">
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
        <rect x="2" y="2" width="16" height="16" rx="5" fill="currentColor" opacity="0.25" />
        <circle cx="10" cy="10" r="3.5" fill="currentColor" />
      </svg>
      {name}
    </span>
  );
}

export function LogoStrip() {
  return (
    <section className="logo-strip" aria-labelledby="logo-strip-title">
      <div className="container">
        <h2 id="logo-strip-title" className="logo-strip__title">
          Cross-checked against trusted data sources
        </h2>
      </div>
      <ContinuousCarousel
        label="Data sources and partners"
        items={SOURCES.map((name) => (
          <WordMark key={name} name={name} />
        ))}
      />
    </section>
  );
}
