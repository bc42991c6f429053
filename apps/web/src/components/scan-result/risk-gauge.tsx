import { lazy, Suspense } from 'react';
import { GAUGE_SEGMENTS } from './gauge-segments.ts';

const RiskGaugeChart = lazy(() => import('./risk-gauge-chart.tsx'));

/** The gauge with its labels and scale text; the box has a fixed size so nothing shifts when the chart arrives. */
export function RiskGauge({ score }: { score: number }) {
  return (
    <figure className="gauge">
      <div className="gauge__chart">
        <Suspense fallback={null}>
          <RiskGaugeChart score={score} />
        </Suspense>
      </div>
      <ol className="gauge__labels" aria-label="Risk levels">
        {GAUGE_SEGMENTS.map(({ label }) => (
          <li key={label} className={`gauge__label risk--${label.toLowerCase()}`}>
            {label}
          </li>
        ))}
      </ol>
      <figcaption className="gauge__scale">0: Min. Risk | 100: Max. Risk</figcaption>
    </figure>
  );
}
