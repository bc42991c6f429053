import { type CheckUrlResponse, checkUrlResponseSchema } from '@riskscan/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { sessionRequest } from '@/lib/session-request.ts';
import { buildCheckUrlQuery, type ScanForm } from '../model/scan-form.ts';

/**
 * Who a scan runs as: the signed-in user (through the session, so a stale token refreshes once),
 * or a guest with the free-scan token and the anonymous id.
 */
export type ScanCredentials = { kind: 'session' } | { kind: 'guest'; token?: string; freescanUid?: string };

/** `GET /check-url/` waits for the scan and answers `{status, data}` (DESIGN §5). */
export async function checkUrl(form: ScanForm, credentials: ScanCredentials, signal?: AbortSignal): Promise<CheckUrlResponse> {
  const options = { ...(signal ? { signal } : {}) };
  const body =
    credentials.kind === 'session'
      ? await sessionRequest<unknown>('api', '/check-url/', { ...options, query: buildCheckUrlQuery(form) })
      : await apiRequest<unknown>('api', '/check-url/', {
          ...options,
          query: buildCheckUrlQuery(form, credentials.freescanUid),
          ...(credentials.token ? { token: credentials.token } : {}),
        });
  return checkUrlResponseSchema.parse(body);
}
