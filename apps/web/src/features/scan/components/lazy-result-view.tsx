import { lazy, Suspense } from 'react';
import type { ResultViewProps } from './result-view.tsx';

const ResultView = lazy(async () => ({ default: (await import('./result-view.tsx')).ResultView }));

/** The result view is fetched on demand; its placeholder keeps the space so nothing jumps when it lands. */
export function LazyResultView(props: ResultViewProps) {
  return (
    <Suspense fallback={<div className="result-placeholder" aria-busy="true" />}>
      <ResultView {...props} />
    </Suspense>
  );
}
