import { type VerdictReport, type VerdictReportDecision, verdictReportListSchema, verdictReportSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sessionRequest } from '@/lib/session-request.ts';

/** The operators' review queue (`GET /verdict-reports/?status=pending`); 403 for anyone else. */
export const pendingReportsQuery = () =>
  queryOptions({
    queryKey: ['verdict-reports', 'pending'],
    queryFn: async (): Promise<VerdictReport[]> =>
      verdictReportListSchema.parse(await sessionRequest<unknown>('api', '/verdict-reports/', { query: { status: 'pending' } })).results,
    retry: false,
  });

/** An operator's decision on one report (`POST /verdict-reports/{uid}/decision/`). */
export async function decideReport(uid: string, decision: VerdictReportDecision): Promise<VerdictReport> {
  const answer = await sessionRequest<unknown>('api', `/verdict-reports/${encodeURIComponent(uid)}/decision/`, {
    method: 'POST',
    body: { decision },
  });
  return verdictReportSchema.parse(answer);
}
