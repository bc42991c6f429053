import { randomUUID } from 'node:crypto';
import { type FeedEvidence, urlIndicator } from '@riskscan/scanner';
import type { Db } from '../../../db/database.ts';
import { retractPublications, upsertPublication } from '../../lookup/published-verdicts.repository.ts';

/**
 * Our verdict on `url` published at `at`, as a public scan that found Danger on evidence leaves it
 * (page evidence unless told otherwise); published again, it is a new version.
 */
export async function publishVerdict(
  db: Db,
  url: string,
  at: string,
  confirmation: { evidence?: FeedEvidence[]; confidence?: number } = {},
): Promise<void> {
  const indicator = urlIndicator(url)!;
  const publication = {
    kind: indicator.kind as 'url' | 'host',
    value: indicator.value,
    url,
    threat: 'phishing' as const,
    evidence: confirmation.evidence ?? ['page'],
    confidence: confirmation.confidence ?? 70,
  };
  await upsertPublication(db, publication, new Date(at), randomUUID());
}

/** Our verdict on `url` retracted at `at` (a clean rescan unless told otherwise). */
export async function retractVerdict(db: Db, url: string, at: string, reason: 'clean_rescan' | 'report' = 'clean_rescan'): Promise<void> {
  const indicator = urlIndicator(url)!;
  await retractPublications(db, [{ kind: indicator.kind as 'url' | 'host', value: indicator.value }], reason, new Date(at));
}

/** A monitor of `watched` for `userId` and the look-alikes domain monitoring found for it, each with its events. */
export async function insertLookalikes(
  db: Db,
  userId: number,
  watched: string,
  found: [string, ['suspicious' | 'gone', string][]][],
): Promise<void> {
  const monitor = await db
    .insertInto('monitors')
    .values({
      uid: randomUUID(),
      user_id: userId,
      domain: watched,
      keywords: JSON.stringify([]),
      webhook_secret: 'whsec_x',
      alert_mode: 'live',
      next_run_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [domain, events] of found) {
    const lookalike = await db
      .insertInto('lookalikes')
      .values({ monitor_id: monitor.id, domain, fuzzer: 'addition', status: events.at(-1)![0], dns: JSON.stringify({}), risk_score: 85 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [status, at] of events) {
      await db
        .insertInto('lookalike_events')
        .values({ lookalike_id: lookalike.id, monitor_id: monitor.id, source: `run-${status}`, status, at: new Date(at) })
        .execute();
    }
  }
}
