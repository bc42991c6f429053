import { type FlaggedVisit, flaggedVisitSchema, type LogFormat, type RetroHuntSummary, retroHuntSummarySchema } from '@riskscan/contracts';
import { sessionRequest } from '@/lib/session-request.ts';

export type HuntOutcome = { visits: FlaggedVisit[]; summary: RetroHuntSummary | null; error: string | null };

/**
 * Reads the JSON lines `POST /triage/log/` answers: one flagged visit a line, then `{summary}`,
 * or `{error}` when the hunt broke off part-way (the visits before it still count).
 */
export function readHuntLines(text: string): HuntOutcome {
  const outcome: HuntOutcome = { visits: [], summary: null, error: null };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as Record<string, unknown>;
    if ('summary' in record) outcome.summary = retroHuntSummarySchema.parse(record.summary);
    else if ('error' in record) outcome.error = typeof record.error === 'string' ? record.error : JSON.stringify(record.error);
    else outcome.visits.push(flaggedVisitSchema.parse(record));
  }
  return outcome;
}

/** Uploads a proxy log (text or gzip) for a retro-hunt over the account's knowledge; `template` only with the template format. */
export async function huntLog(log: Blob, format: LogFormat, template = ''): Promise<HuntOutcome> {
  const type = log.type === 'application/gzip' || log.type === 'application/x-gzip' ? 'application/gzip' : 'text/plain';
  const query = format === 'template' ? { format, template } : { format };
  const answer = await sessionRequest<unknown>('api', '/triage/log/', { raw: { data: log, type }, query });
  // One visit alone is valid JSON and arrives parsed; more lines arrive as text.
  return readHuntLines(typeof answer === 'string' ? answer : JSON.stringify(answer));
}
