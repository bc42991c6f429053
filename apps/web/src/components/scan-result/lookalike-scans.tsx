import { type CheckResult, scanPermalink, searchLink, searchPageSchema, type SearchHit, searchTerm } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { sessionRequest } from '@/lib/session-request.ts';
import { PivotLink } from './pivot-link.tsx';
import { riskClass } from './risk-level.ts';

/** The first page of a look-alike search (`similar:` or `structure:`), closest first. */
export const lookalikesQuery = (q: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['lookalikes', q],
    queryFn: async () => searchPageSchema.parse(await sessionRequest<unknown>('api', '/search/', { query: { q, page: 1 } })),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

const scans = (count: number) => (count === 1 ? '1 scan' : `${count.toLocaleString('en-US')} scans`);
const bits = (distance: number | undefined) => (distance === 0 ? 'identical' : `${distance} of 64 bits differ`);

function Lookalikes({ id, title, q, hits, count }: { id: string; title: string; q: string; hits: SearchHit[]; count: number }) {
  return (
    <div className="lookalikes__group" role="group" aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      <ul className="lookalikes__grid">
        {hits.map((hit) => (
          <li key={hit.uid}>
            <Link to={scanPermalink(hit.uid)} className="lookalikes__item">
              {hit.thumbnail ? (
                <img src={hit.thumbnail} alt="" width={171} height={96} loading="lazy" />
              ) : (
                <span className="lookalikes__no-picture">No screenshot</span>
              )}
              <span className="break">{hit.url}</span>
            </Link>
            <span className={`score-pill ${riskClass(hit.level)}`}>
              {hit.overall_risk_score} {hit.level}
            </span>
            <span className="muted">{bits(hit.distance)}</span>
          </li>
        ))}
      </ul>
      {count > hits.length ? <Link to={searchLink(q)}>See all {scans(count)}</Link> : null}
    </div>
  );
}

/**
 * "N scans look like this": other scans whose screenshot (`similar:`) or page structure
 * (`structure:`) is close to this report's, with thumbnails and links, and the favicon's hash as
 * a pivot. Hidden when the report has no fingerprints or nothing resembles it.
 */
export function LookalikeScans({ uid, result }: { uid: string; result: CheckResult }) {
  const capture = result.capture;
  const visualQ = searchTerm('similar', uid);
  const structureQ = searchTerm('structure', uid);
  const visual = useQuery(lookalikesQuery(visualQ, Boolean(capture?.screenshot_hash)));
  const structure = useQuery(lookalikesQuery(structureQ, Boolean(capture?.dom_simhash)));
  const visualCount = visual.data?.count ?? 0;
  const structureCount = structure.data?.count ?? 0;
  if (visualCount === 0 && structureCount === 0) return null;
  return (
    <section className="result-card lookalikes" aria-labelledby="lookalikes-title">
      <h3 id="lookalikes-title">{visualCount > 0 ? `${scans(visualCount)} look like this` : 'Look-alike scans'}</h3>
      <p className="muted">
        Other scans whose screenshot or page structure is a few bits from this one: often the same kit on another host, closest first.
        {capture?.favicon_hash ? (
          <>
            {' '}
            Same favicon: <PivotLink field="favicon" value={capture.favicon_hash} />.
          </>
        ) : null}
      </p>
      {visual.data && visualCount > 0 ? (
        <Lookalikes id="lookalikes-visual" title="Screenshot" q={visualQ} hits={visual.data.results} count={visualCount} />
      ) : null}
      {structure.data && structureCount > 0 ? (
        <Lookalikes
          id="lookalikes-structure"
          title={`Page structure: ${scans(structureCount)} built like this`}
          q={structureQ}
          hits={structure.data.results}
          count={structureCount}
        />
      ) : null}
    </section>
  );
}
