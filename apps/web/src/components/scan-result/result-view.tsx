import { scanPermalink, type CheckResult } from '@riskscan/contracts';
import { Link } from 'react-router';
import { useEffect, useRef, useState } from 'react';
import { Flag } from '@/components/ui/flag.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { ReadMore } from '@/components/ui/read-more.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { riskClass } from './risk-level.ts';
import { disabledDetails } from './result-sections.ts';
import { CheckCategories, type ResultMode } from './check-categories.tsx';
import { DisabledChecks } from './disabled-checks.tsx';
import { ExtendedResults } from './extended-results.tsx';
import { ReachabilityNotice, ResultSummary } from './result-summary.tsx';
import { RiskGauge } from './risk-gauge.tsx';
import { PageNetwork } from './page-network.tsx';
import { LookalikeScans } from './lookalike-scans.tsx';
import { ViewerComparison } from './viewer-comparison.tsx';
import { ScanTimeline } from './scan-timeline.tsx';
import { ScannedPageLink } from './scanned-page-link.tsx';
import './result-view.css';
import './risk-colors.css';

/** Only our own server's pictures (relative or http(s)); anything else is not shown. */
function safeImageUrl(link: string | null): string | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  return /^https?:\/\//i.test(link) ? link : null;
}

export type ResultViewProps = {
  result: CheckResult;
  mode: ResultMode;
  /** Signed-in users also see the disabled checks. */
  showDisabled: boolean;
  /** Home only: 'Scan another website'. */
  onScanAnother?: () => void;
};

/** The scan report of SPEC §2, used on the home page and inside the recent-scan modal. */
export function ResultView({ result, mode, showDisabled, onScanAnother }: ResultViewProps) {
  const [screenshotOpen, setScreenshotOpen] = useState(false);
  const screenshot = safeImageUrl(result.screenshot_link);
  const level = result.risk_score_text.name;
  // On the home page the result replaces the hero, so its heading is the page's h1 and takes the focus when the scan ends;
  // on the permalink page it is the page's h1; in a dialog it sits under the dialog's title.
  const Heading = mode === 'profile' ? 'h2' : 'h1';
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (mode === 'home') headingRef.current?.focus();
  }, [mode, result.uid]);

  return (
    <div className="result-view">
      <div className="result-view__heading">
        <Heading ref={headingRef} tabIndex={-1}>
          Results: <ScannedPageLink url={result.url} score={result.overall_risk} scanUid={result.uid} className="result-view__url" />
        </Heading>
        {result.uid && mode !== 'permalink' ? (
          <Link to={scanPermalink(result.uid)} className="button button--ghost">
            Permalink
          </Link>
        ) : null}
        {onScanAnother ? (
          <button type="button" className="button button--primary" onClick={onScanAnother}>
            Scan another website
          </button>
        ) : null}
      </div>

      <ReachabilityNotice result={result} />

      <div className="result-view__overview">
        <section className={`result-card result-score ${riskClass(level)}`} aria-label="Overall risk">
          <p className="result-score__label">Overall risk score</p>
          <p className="result-score__value">
            <span>{result.overall_risk}</span>
            <span className="result-score__level">{level}</span>
          </p>
          <RiskGauge score={result.overall_risk} />
        </section>
        <section className="result-card result-facts" aria-label="Scan facts">
          <dl>
            <div>
              <dt>URL</dt>
              <dd className="break">{result.url}</dd>
            </div>
            <div>
              <dt>Location</dt>
              <dd className="result-facts__location">
                <Flag code={result.geo_location.country_flag} />
                {result.geo_location.country_name}
              </dd>
            </div>
            <div>
              <dt>Classification</dt>
              <dd>
                {result.classification.length === 0 ? (
                  <span className="muted">None</span>
                ) : (
                  <ul className="classifications">
                    {result.classification.map((entry) => (
                      <li key={entry.name}>
                        <Tooltip content={entry.description} className="classification">
                          {entry.name}
                        </Tooltip>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
          <div className="screenshot">
            {screenshot ? (
              <button type="button" className="screenshot__button" onClick={() => setScreenshotOpen(true)} aria-label="Open the screenshot">
                <img src={screenshot} alt={`Screenshot of ${result.url}`} width={640} height={400} loading="lazy" />
              </button>
            ) : (
              <div className="screenshot__none">No screenshot</div>
            )}
          </div>
        </section>
      </div>

      <ResultSummary result={result} />

      {result.ai_analysis ? (
        <section className="result-card ai-summary">
          <h3>AI summary</h3>
          <ReadMore text={result.ai_analysis} lines={4} />
        </section>
      ) : null}

      {result.viewers ? <ViewerComparison viewers={result.viewers} /> : null}
      <CheckCategories categories={result.checks} mode={mode} />
      {showDisabled ? <DisabledChecks details={disabledDetails(result)} /> : null}
      <ExtendedResults result={result} />
      <PageNetwork result={result} />
      {result.uid ? <LookalikeScans uid={result.uid} result={result} /> : null}
      {result.uid ? <ScanTimeline uid={result.uid} /> : null}

      {screenshotOpen && screenshot ? (
        <Modal title="Screenshot" onClose={() => setScreenshotOpen(false)} size="large">
          <img className="screenshot__full" src={screenshot} alt={`Screenshot of ${result.url}`} width={1280} height={800} />
        </Modal>
      ) : null}
    </div>
  );
}
