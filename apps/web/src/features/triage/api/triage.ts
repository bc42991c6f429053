import { type TriageEmailResponse, triageEmailResponseSchema } from '@riskscan/contracts';
import { sessionRequest } from '@/lib/session-request.ts';

/** POST /triage/email/ with the raw message: a dropped .eml file or pasted headers and body. */
export async function triageEmail(message: Blob | string): Promise<TriageEmailResponse> {
  return triageEmailResponseSchema.parse(await sessionRequest('api', '/triage/email/', { raw: { data: message, type: 'message/rfc822' } }));
}
