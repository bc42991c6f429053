import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { indexFinishedScan, searchIndexIsEmpty } from '../search/index.ts';
import { finishedScansAfter } from './scans.repository.ts';
import { redactUrlSecrets } from './url-secrets.ts';

const BATCH = 200;

/**
 * Indexes for search the reports stored before the search index existed (its table is empty on
 * the first start after the upgrade); later reports are indexed as they are stored.
 * Returns how many were indexed.
 */
export async function indexEarlierScans(db: Db, log: Pick<FastifyBaseLogger, 'info'>): Promise<number> {
  if (!(await searchIndexIsEmpty(db))) return 0;
  let indexed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await finishedScansAfter(db, afterId, BATCH);
    for (const row of rows) {
      await indexFinishedScan(db, {
        uid: row.uid,
        ownerId: row.user_id,
        visibility: row.visibility,
        listed: row.on_board,
        url: redactUrlSecrets(row.url),
        result: row.result!,
        finishedAt: row.finished_at ?? row.created_at,
      });
      indexed++;
    }
    if (rows.length < BATCH) break;
    afterId = rows.at(-1)!.id;
  }
  if (indexed > 0) log.info({ indexed }, 'indexed earlier scans for search');
  return indexed;
}
