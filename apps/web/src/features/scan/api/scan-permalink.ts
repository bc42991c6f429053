import { checkResultSchema, type CheckResult, type EXPORT_FORMATS, scanEnded, type ScanJob, scanJobSchema } from '@riskscan/contracts';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download-file.ts';
import { sessionRequest } from '@/lib/session-request.ts';
import { recentScanQueryOptions } from './recent-scan.ts';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * A scan for its permalink page: a public one from the board's read model, else, for a signed-in
 * member, one of their own private scans from the history.
 */
export const scanPermalinkQuery = (uid: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: ['scan-permalink', uid, loggedIn],
    queryFn: async ({ client }): Promise<CheckResult> => {
      try {
        return await client.fetchQuery(recentScanQueryOptions(uid));
      } catch (error) {
        if (!loggedIn || !(error instanceof ApiError) || error.status !== 404) throw error;
        const detail = await sessionRequest<{ data: unknown }>('api', `/scan-history/${encodeURIComponent(uid)}/`);
        return checkResultSchema.parse(detail.data);
      }
    },
    retry: false,
    staleTime: Infinity,
  });

/** How often the report page reads a running scan's stage again: one call at a time. */
const RUNNING_SCAN_POLL_MS = 1500;

/**
 * A member's scan that has no report yet (`GET /scans/{uid}/`): its status and the stage it is in,
 * read again while it runs (issue 37). Asked only once the report could not be loaded.
 */
export const runningScanQuery = (uid: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['running-scan', uid],
    queryFn: async (): Promise<ScanJob> => scanJobSchema.parse(await sessionRequest('api', `/scans/${encodeURIComponent(uid)}/`)),
    enabled,
    retry: false,
    refetchInterval: (query) => (query.state.data && !scanEnded(query.state.data.status) ? RUNNING_SCAN_POLL_MS : false),
  });

/** Saves the scan's export (`GET /scans/{uid}/export/`, plans with exports) as a file: the report (JSON, CSV), its requests (HAR) or the page's HTML (DOM). */
export async function downloadScan(uid: string, format: ExportFormat): Promise<void> {
  const body = await sessionRequest<unknown>('api', `/scans/${encodeURIComponent(uid)}/export/`, { query: { format } });
  if (format === 'csv') downloadFile(`riskscan-${uid}.csv`, String(body), 'text/csv');
  else if (format === 'dom') downloadFile(`riskscan-${uid}.dom.txt`, typeof body === 'string' ? body : JSON.stringify(body), 'text/plain');
  else downloadFile(`riskscan-${uid}.${format}`, JSON.stringify(body, null, 2), 'application/json');
}
