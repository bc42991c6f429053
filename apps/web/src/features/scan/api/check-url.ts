import { type CheckUrlResponse, checkUrlResponseSchema } from '@riskscan/contracts';
import { apiRequest } from '@/lib/api-client.ts';
import { buildCheckUrlQuery, type ScanForm } from '../model/scan-form.ts';

/** `GET /check-url/` waits for the scan and answers `{status, data}` (DESIGN §5). */
export async function checkUrl(
  form: ScanForm,
  options: { token?: string; freescanUid?: string; signal?: AbortSignal },
): Promise<CheckUrlResponse> {
  const body = await apiRequest<unknown>('api', '/check-url/', {
    query: buildCheckUrlQuery(form, options.freescanUid),
    ...(options.token ? { token: options.token } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return checkUrlResponseSchema.parse(body);
}
