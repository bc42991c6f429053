import type { ViewersResult, ViewerView } from '@riskscan/contracts';

/** One viewer's column: what it was shown, and (for the others) what differed from the first. */
function Viewer({ view, differences }: { view: ViewerView; differences: string[] | null }) {
  const asks = view.forms.flatMap((form) => form.asks);
  return (
    <li className="viewers__column">
      <h4>{view.label}</h4>
      {view.screenshot_link ? (
        <img src={view.screenshot_link} alt={`Screenshot as ${view.label}`} width={320} height={200} loading="lazy" />
      ) : (
        <span className="viewers__no-picture">No screenshot</span>
      )}
      <dl className="viewers__facts">
        <dt>Ended on</dt>
        <dd className="break">{view.final_url ?? view.error ?? 'No page'}</dd>
        <dt>Title</dt>
        <dd>{view.title || 'None'}</dd>
        <dt>Forms ask for</dt>
        <dd>{asks.length > 0 ? asks.join(', ') : 'Nothing'}</dd>
        <dt>Redirects</dt>
        <dd>{view.redirect_chain.length - 1}</dd>
      </dl>
      {differences === null ? (
        <p className="muted">The scan itself: the others are compared with it.</p>
      ) : differences.length === 0 ? (
        <p>Shown the same page.</p>
      ) : (
        <ul className="viewers__differences" aria-label={`What ${view.label} saw differently`}>
          {differences.map((difference) => (
            <li key={difference}>{difference}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Issue 38 item 3: the page as each viewer the scan asked for (device, country) saw it, side by
 * side, with what differed in plain words and whether that is cloaking.
 */
export function ViewerComparison({ viewers }: { viewers: ViewersResult }) {
  return (
    <section className="result-card viewers" aria-labelledby="viewers-title">
      <h3 id="viewers-title">{viewers.cloaking ? 'Cloaking: viewers were shown different pages' : 'Several viewers'}</h3>
      <p className={viewers.cloaking ? 'viewers__summary viewers__summary--cloaking' : 'viewers__summary'}>{viewers.summary}</p>
      <ul className="viewers__grid">
        <Viewer view={viewers.first} differences={null} />
        {viewers.others.map((other) => (
          <Viewer key={other.view.label} view={other.view} differences={other.differences} />
        ))}
      </ul>
    </section>
  );
}
