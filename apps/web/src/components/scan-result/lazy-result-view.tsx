import { lazy, Suspense } from 'react';
import type { ResultViewProps } from './result-view.tsx';

const loadResultView = () => import('./result-view.tsx');
const ResultView = lazy(async () => ({ default: (await loadResultView()).ResultView }));

/** Fetches the result view and its chart while a scan runs, so the report lands in one piece. */
export function preloadResultView(): void {
  void loadResultView();
  void import('./risk-gauge-chart.tsx');
}

/** The result view is fetched on demand; its placeholder keeps the space so nothing jumps when it lands. */
export function LazyResultView(props: ResultViewProps) {
  return (
    <Suspense fallback={<div className="result-placeholder" aria-busy="true" />}>
      <ResultView {...props} />
    </Suspense>
  );
}
