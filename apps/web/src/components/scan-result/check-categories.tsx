import { riskLevelForScore, type CheckCategory, type CheckDetail } from '@riskscan/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ReadMore } from '@/components/ui/read-more.tsx';
import { Tooltip } from '@/components/ui/tooltip.tsx';
import { riskClass } from './risk-level.ts';
import { activeDetails, hasFindings, pageCount, pageSlice, parsePage } from './result-sections.ts';

/** Where the result shows: the home page after a scan, a dialog (board, history), or the scan's own permalink page. */
export type ResultMode = 'home' | 'profile' | 'permalink';

/** Where 'Please enable it here.' leads: the profile's current template, or /profile inside the recent-scan modal. */
const ENABLE_LINK: Record<ResultMode, string> = {
  home: '/profile/currenttemplate',
  profile: '/profile',
  permalink: '/profile/currenttemplate',
};

/** Which side of the one verdict a finding comes from (docs/scoring.md). */
const SIDE_LABEL: Record<NonNullable<CheckDetail['side']>, string> = { url: 'URL', domain: 'Domain', page: 'Page' };

function Score({ value }: { value: number }) {
  return <span className={`score-pill ${riskClass(riskLevelForScore(value))}`}>{value} / 100</span>;
}

/** A check that could not look (no page loaded): its 0 is no clean result. */
function NotRun() {
  return <span className="score-pill score-pill--not-run">Not run</span>;
}

function DetailItem({ detail }: { detail: CheckDetail }) {
  return (
    <li className="detail">
      <div className="detail__head">
        <code className="detail__name">{detail.name}</code>
        {detail.side ? (
          <span className="detail__side" title="Where this finding comes from">
            {SIDE_LABEL[detail.side]}
          </span>
        ) : null}
        {detail.not_run ? <NotRun /> : <Score value={detail.risk_score} />}
      </div>
      <h4 className="detail__title">
        <Tooltip content={detail.background_info}>{detail.title}</Tooltip>
      </h4>
      <div className="detail__message">
        <ReadMore text={detail.message} lines={3} />
        <Tooltip content={detail.explanation} className="detail__why">
          Why it matters
        </Tooltip>
      </div>
    </li>
  );
}

/**
 * Details with nothing to tell (a 0 score, or a check that could not run), folded into one closed
 * group under their plain titles: the report keeps them without making the reader scroll past them.
 */
function FoldedDetails({ label, details }: { label: string; details: readonly CheckDetail[] }) {
  if (details.length === 0) return null;
  return (
    <details className="details-folded">
      <summary>
        {label} ({details.length})
      </summary>
      <ul>
        {details.map((detail) => (
          <li key={detail.name}>
            <strong>{detail.title}</strong>: {detail.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

function CategoryItem({ category, mode }: { category: CheckCategory; mode: ResultMode }) {
  // Categories that found something open by default: the why should not hide behind a click.
  const [open, setOpen] = useState(() => hasFindings(category));
  const panelId = useId();
  const details = activeDetails(category);
  const notRun = details.length > 0 && details.every((detail) => detail.not_run);
  const findings = details.filter((detail) => !detail.not_run && detail.risk_score > 0);
  return (
    <li className="category">
      <button type="button" className="category__header" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <span className="category__name">{category.category}</span>
        {notRun ? <NotRun /> : <Score value={category.risk_score} />}
        <svg className="category__caret" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={panelId} className="category__panel" hidden={!open}>
        {details.length === 0 ? (
          <p className="category__empty">
            This check is not enabled. Please enable it <Link to={ENABLE_LINK[mode]}>here</Link>.
          </p>
        ) : (
          <>
            {findings.length > 0 ? (
              <ul className="details">
                {findings.map((detail) => (
                  <DetailItem key={detail.name} detail={detail} />
                ))}
              </ul>
            ) : null}
            <FoldedDetails label="Nothing found" details={details.filter((detail) => !detail.not_run && detail.risk_score === 0)} />
            <FoldedDetails label="Not run" details={details.filter((detail) => detail.not_run)} />
          </>
        )}
      </div>
    </li>
  );
}

/** Check categories, 5 per page, with a go-to-page control (SPEC §2). */
export function CheckCategories({ categories, mode }: { categories: CheckCategory[]; mode: ResultMode }) {
  const [page, setPage] = useState(1);
  const [goTo, setGoTo] = useState('');
  const pages = pageCount(categories.length);
  const inputId = useId();

  function jump(event: FormEvent) {
    event.preventDefault();
    const target = parsePage(goTo, categories.length);
    if (target !== null) setPage(target);
    setGoTo('');
  }

  return (
    <section className="result-card categories" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`}>Check categories</h3>
      <ul className="categories__list">
        {pageSlice(categories, page).map((category) => (
          <CategoryItem key={`${page}-${category.category}`} category={category} mode={mode} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="pager" aria-label="Check categories pages">
          <button type="button" className="pager__step" onClick={() => setPage(page - 1)} disabled={page === 1} aria-label="Previous page">
            ‹
          </button>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <button key={n} type="button" className="pager__page" aria-current={n === page ? 'page' : undefined} onClick={() => setPage(n)}>
              {n}
            </button>
          ))}
          <button type="button" className="pager__step" onClick={() => setPage(page + 1)} disabled={page === pages} aria-label="Next page">
            ›
          </button>
          <form className="pager__goto" onSubmit={jump}>
            <label htmlFor={inputId}>Go to page</label>
            <input id={inputId} inputMode="numeric" value={goTo} onChange={(event) => setGoTo(event.target.value)} size={3} />
            <button type="submit" className="button button--ghost">
              Go
            </button>
          </form>
        </nav>
      ) : null}
    </section>
  );
}
