import { Link } from 'react-router';
import { Reveal } from '@/components/ui/reveal.tsx';

export function CallToAction() {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <Reveal className="container cta__inner">
        <div>
          <h2 id="cta-title">Stop risky links before they are clicked</h2>
          <p>Create a free account for scan options and private scans, or pick a plan with API access.</p>
        </div>
        <div className="cta__actions">
          <Link to="/signup" className="button button--primary">
            Get started free
          </Link>
          <Link to="/pricing" className="button button--on-dark">
            See pricing
          </Link>
        </div>
      </Reveal>
    </section>
  );
}
