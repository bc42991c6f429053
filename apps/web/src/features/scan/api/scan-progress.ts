import { normalizeScanUrl, type UnfinishedScan, unfinishedScansSchema } from '@riskscan/contracts';
import { apiRequest, type RequestOptions } from '@/lib/api-client.ts';
import { sessionRequest } from '@/lib/session-request.ts';
import type { ScanCredentials } from './check-url.ts';

/** A call as whoever runs the scan; null for a guest without a free-scan token, who has nothing to follow. */
function asScanner(credentials: ScanCredentials, path: string, options: Omit<RequestOptions, 'token'>): Promise<unknown> | null {
  if (credentials.kind === 'session') return sessionRequest<unknown>('api', path, options);
  return credentials.token ? apiRequest<unknown>('api', path, { ...options, token: credentials.token }) : null;
}

/**
 * The caller's unfinished scan of `url` with the stage it is in (`GET /scans/unfinished/`, issue
 * 37): the home page's check-url call waits for the report and names no scan until then.
 */
export async function findUnfinishedScan(url: string, credentials: ScanCredentials, signal?: AbortSignal): Promise<UnfinishedScan | null> {
  const call = asScanner(credentials, '/scans/unfinished/', signal ? { signal } : {});
  if (!call) return null;
  const scans = unfinishedScansSchema.parse(await call);
  const checked = normalizeScanUrl(url);
  const href = checked.ok ? checked.url.href : url;
  return scans.find((scan) => scan.url === href) ?? null;
}

/** `POST /scans/{uid}/cancel/`: the scan ends at once and its charge is given back. */
export async function cancelScan(uid: string, credentials: ScanCredentials): Promise<void> {
  await asScanner(credentials, `/scans/${encodeURIComponent(uid)}/cancel/`, { method: 'POST' });
}
