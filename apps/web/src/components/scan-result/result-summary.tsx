import { riskLevelForScore, type CheckResult } from '@riskscan/contracts';
import { AsPivot, PivotLink } from './pivot-link.tsx';
import { riskClass } from './risk-level.ts';
import { hostingFacts, strongestFindings } from './result-sections.ts';
import { ScannedPageLink } from './scanned-page-link.tsx';

/** The host of a redirect step, linked to the scans that touched it. */
function StepHost({ url }: { url: string }) {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  return host ? (
    <span className="result-summary__step-host">
      (<PivotLink field="domain" value={host} />)
    </span>
  ) : null;
}

/**
 * What a reader needs before the categories: whether the page could be loaded at all, the
 * strongest findings in plain words, and where the link really leads and who hosts it.
 */
export function ResultSummary({ result }: { result: CheckResult }) {
  const findings = strongestFindings(result);
  const chain = result.redirect_chain ?? [];
  const finalUrl = result.final_url ?? result.url;
  const hosting = hostingFacts(result);
  return (
    <section className="result-card result-summary" aria-labelledby="result-summary-title">
      <h2 id="result-summary-title">Summary</h2>
      {findings.length > 0 ? (
        <>
          <h3>Strongest findings</h3>
          <ol className="result-summary__findings">
            {findings.map((detail) => (
              <li key={detail.name}>
                <span className={`score-pill ${riskClass(riskLevelForScore(detail.risk_score))}`}>{detail.risk_score} / 100</span>{' '}
                <span>{detail.message}</span>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted">
          {result.reachable === false ? 'No finding from the checks that could run.' : 'No check found anything risky.'}
        </p>
      )}
      <dl className="result-summary__facts">
        <div>
          <dt>Final URL</dt>
          <dd className="break">
            <ScannedPageLink url={finalUrl} score={result.overall_risk} scanUid={result.uid} />
          </dd>
        </div>
        {chain.length > 1 ? (
          <div>
            <dt>Redirect chain</dt>
            <dd>
              <ol className="result-summary__chain">
                {chain.map((step, index) => (
                  <li key={`${index}-${step}`} className="break">
                    {step} <StepHost url={step} />
                  </li>
                ))}
              </ol>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>IP address</dt>
          <dd>{result.ip ? <PivotLink field="ip" value={result.ip} /> : 'None'}</dd>
        </div>
        {hosting.as ? (
          <div>
            <dt>Network (AS)</dt>
            <dd>
              <AsPivot text={hosting.as} />
            </dd>
          </div>
        ) : null}
        {hosting.country ? (
          <div>
            <dt>Hosting country</dt>
            <dd>{hosting.country}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** At the top of the result: the page could not be loaded (what failed, for which URL), or https failed and http answered. */
export function ReachabilityNotice({ result }: { result: CheckResult }) {
  if (result.reachable === false && result.unreachable) {
    return (
      <div className="result-card reachability reachability--failed" role="note">
        <p>
          <strong>The page could not be loaded.</strong> {result.unreachable.message}
        </p>
        <p>
          The score rests on what could be judged without the page (the address, and reputation, DNS and registration where they ran);
          checks that needed the page say “Not run”. This is no sign that the site is safe.
        </p>
        <p>A scan of a page that could not be loaded is free: it did not use your free scan or your plan’s scans.</p>
      </div>
    );
  }
  if (result.https_failed) {
    return (
      <p className="result-card reachability" role="note">
        <strong>https did not answer:</strong> {result.https_failed.message} The site answered over plain http, so the scan used{' '}
        <span className="break">{result.url}</span>.
      </p>
    );
  }
  return null;
}
