import { type VerdictReport, type VerdictReportInput, verdictReportSchema } from '@riskscan/contracts';
import { sessionRequest } from '@/lib/session-request.ts';

/** Reports the scan's verdict as wrong (`POST /scans/{uid}/verdict-reports/`), for an operator to review. */
export async function reportVerdict(scanUid: string, input: VerdictReportInput): Promise<VerdictReport> {
  const answer = await sessionRequest<unknown>('api', `/scans/${encodeURIComponent(scanUid)}/verdict-reports/`, {
    method: 'POST',
    body: input,
  });
  return verdictReportSchema.parse(answer);
}
