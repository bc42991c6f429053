import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/database.ts';

/** A finished scan of `url` as the scan runner stores it: public (on the board) unless private. */
export async function insertScan(
  db: Db,
  url: string,
  risk: number,
  finishedAt: string,
  extra: { isPrivate?: boolean; onBoard?: boolean } = {},
): Promise<void> {
  await db
    .insertInto('scans')
    .values({
      uid: randomUUID(),
      user_id: null,
      url,
      options: JSON.stringify({}),
      is_private: extra.isPrivate ?? false,
      on_board: extra.onBoard ?? !(extra.isPrivate ?? false),
      status: 'done',
      overall_risk: risk,
      finished_at: new Date(finishedAt),
    })
    .execute();
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
