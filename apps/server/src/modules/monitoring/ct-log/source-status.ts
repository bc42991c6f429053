import type { CtLogPosition } from './ct-log.repository.ts';

/** A discovery source as the operator sees it: stale once its log has not grown for the configured while. */
export type SourceStatus = {
  source: string;
  /** When the log last grew (null: never read). */
  lastGrewAt: Date | null;
  /** Since when it counts as stale (last growth plus the allowance), null while fresh. */
  staleSince: Date | null;
  lastError: string | null;
};

/** The status of every configured log; one never read successfully is stale from the start. */
export function ctSourceStatus(
  logs: readonly string[],
  positions: readonly CtLogPosition[],
  staleAfterMs: number,
  now: Date,
  startedAt: Date,
): SourceStatus[] {
  const byUrl = new Map(positions.map((position) => [position.logUrl, position]));
  return logs.map((logUrl) => {
    const position = byUrl.get(logUrl);
    const since = new Date((position?.grewAt ?? startedAt).getTime() + staleAfterMs);
    return {
      source: `ct:${logUrl}`,
      lastGrewAt: position?.grewAt ?? null,
      staleSince: since <= now ? since : null,
      lastError: position?.lastError ?? null,
    };
  });
}
