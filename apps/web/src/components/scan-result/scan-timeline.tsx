import { scanPermalink, scanTimelineSchema, type SearchHit } from '@riskscan/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LocalTime } from '@/components/ui/local-time.tsx';
import { sessionRequest } from '@/lib/session-request.ts';
import { PivotLink } from './pivot-link.tsx';
import { riskClass } from './risk-level.ts';

/** `GET /search/history/{uid}/`: past scans of the report's URL and host the reader may see. */
export const scanTimelineQuery = (uid: string) =>
  queryOptions({
    queryKey: ['scan-timeline', uid],
    queryFn: async () => scanTimelineSchema.parse(await sessionRequest<unknown>('api', `/search/history/${encodeURIComponent(uid)}/`)),
    retry: false,
    staleTime: 60_000,
  });

function Timeline({ title, hits, current, showUrl }: { title: string; hits: SearchHit[]; current: string; showUrl: boolean }) {
  return (
    <div className="scan-timeline__list">
      <h4>{title}</h4>
      <ol>
        {hits.map((hit) => (
          <li key={hit.uid}>
            <LocalTime iso={hit.date} />
            <span className={`score-pill ${riskClass(hit.level)}`}>
              {hit.overall_risk_score} {hit.level}
            </span>
            {hit.uid === current ? (
              <span className="muted">this scan</span>
            ) : (
              <Link to={scanPermalink(hit.uid)}>{showUrl ? <span className="break">{hit.url}</span> : 'Open'}</Link>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** History of a URL and of its host: earlier scans and how their scores moved, newest first. */
export function ScanTimeline({ uid }: { uid: string }) {
  const timeline = useQuery(scanTimelineQuery(uid));
  const data = timeline.data;
  if (!data || data.same_host.length === 0) return null;
  return (
    <section className="result-card scan-timeline" aria-labelledby="scan-timeline-title">
      <h3 id="scan-timeline-title">History</h3>
      <p className="muted">
        Scans of this URL and of <PivotLink field="domain" value={data.host} /> over time, newest first.
      </p>
      <div className="scan-timeline__lists">
        <Timeline title={`This URL (${data.same_url.length})`} hits={data.same_url} current={uid} showUrl={false} />
        <Timeline title={`This host (${data.same_host.length})`} hits={data.same_host} current={uid} showUrl />
      </div>
    </section>
  );
}
