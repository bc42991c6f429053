import { scanPermalink } from '@riskscan/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { riskClass } from '@/components/scan-result/risk-level.ts';
import { DataTable } from '@/components/ui/data-table.tsx';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.ts';
import { pageOf, searchScansQuery } from '../api/search-scans.ts';
import { SavedSearches } from '../components/saved-searches.tsx';
import '@/components/scan-result/risk-colors.css';
import './search.css';

const RESULT_COLUMNS = ['URL', 'Finished', 'Risk', 'IP', 'AS'];

const EXAMPLES = ['domain:example.com', 'ip:192.0.2.7', 'asn:13335', 'level:danger date:>2026-11-01', 'brand:paypal'];

/** The server's words for a refused search: `{"q": ["…"]}` or `{"detail": "…"}`. */
function problemOf(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const body = error.body as Record<string, unknown>;
    const field = Object.values(body).find((value): value is string[] => Array.isArray(value) && typeof value[0] === 'string');
    if (field) return field[0]!;
    const detail = ApiError.describe(body);
    if (detail) return detail;
  }
  return 'The search failed. Please try again in a moment.';
}

/** The search box; remounted (by `key`) when the address's `q` changes, so it shows that search. */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [draft, setDraft] = useState(initial);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.trim() !== '') onSearch(draft.trim());
  }
  return (
    <form className="search-form" role="search" onSubmit={submit}>
      <label htmlFor="search-q" className="visually-hidden">
        Search scans
      </label>
      <input
        id="search-q"
        type="search"
        name="q"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="domain:example.com, ip:…, asn:…, hash:…, brand:…, level:…, date:>2026-11-01 or words of the URL"
        maxLength={500}
        autoComplete="off"
      />
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  );
}

/** `/search?q=`: find scans by domain, IP, AS, hash, brand, level, date or words of the URL. */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const search = useQuery(searchScansQuery(q, page));
  const signedIn = useSession((state) => state.loggedIn);
  const data = search.data;

  const goTo = (target: number | null) => (target ? () => setParams({ q, page: String(target) }) : undefined);
  const previous = goTo(pageOf(data?.previous ?? null));
  const next = goTo(pageOf(data?.next ?? null));

  return (
    <div className="container search-page">
      <h1>Search scans</h1>
      <SearchForm key={q} initial={q} onSearch={(text) => setParams({ q: text })} />
      <p className="muted search-page__help">
        Finds public scans and your own. Try{' '}
        {EXAMPLES.map((example, index) => (
          <span key={example}>
            {index > 0 ? ', ' : null}
            <Link to={`?q=${encodeURIComponent(example)}`}>
              <code>{example}</code>
            </Link>
          </span>
        ))}
        .
      </p>

      {signedIn ? <SavedSearches q={search.isError ? '' : q} /> : null}

      {search.isFetching && !data ? <ProgressBar label="Searching" /> : null}
      {search.isError ? (
        <p role="alert" className="search-page__problem">
          {problemOf(search.error)}
        </p>
      ) : null}
      {data && !search.isError ? (
        <section aria-labelledby="search-results-title">
          <h2 id="search-results-title" aria-live="polite">
            {data.count === 1 ? '1 scan' : `${data.count} scans`} found
          </h2>
          {data.results.length > 0 ? (
            <DataTable
              caption={`Scans found for ${q}`}
              columns={RESULT_COLUMNS}
              scrollLabelledBy="search-results-title"
              className="search-results"
            >
              {data.results.map((hit) => (
                <tr key={hit.uid}>
                  <td className="data-table__url">
                    <Link to={scanPermalink(hit.uid)}>{hit.url}</Link>
                    {hit.distance !== undefined ? <span className="muted"> ({hit.distance} of 64 bits differ)</span> : null}
                  </td>
                  <td className="data-table__figure">
                    <LocalTime iso={hit.date} />
                  </td>
                  <td>
                    <span className={`score-pill ${riskClass(hit.level)}`}>
                      {hit.overall_risk_score} {hit.level}
                    </span>
                  </td>
                  <td>{hit.ip ? <Link to={`?q=${encodeURIComponent(`ip:${hit.ip}`)}`}>{hit.ip}</Link> : '–'}</td>
                  <td>{hit.asn ? <Link to={`?q=${encodeURIComponent(`asn:${hit.asn}`)}`}>AS{hit.asn}</Link> : '–'}</td>
                </tr>
              ))}
            </DataTable>
          ) : (
            <p>No scan matches. Public scans and your own are searched; unlisted and private scans of others never are.</p>
          )}
          {previous || next ? (
            <nav className="search-page__pages" aria-label="Result pages">
              <button type="button" className="button button--ghost" onClick={previous} disabled={!previous}>
                Previous
              </button>
              <span>Page {page}</span>
              <button type="button" className="button button--ghost" onClick={next} disabled={!next}>
                Next
              </button>
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
