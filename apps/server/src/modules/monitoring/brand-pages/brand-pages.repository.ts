import type { BrandPageKind } from '@riskscan/contracts';
import type { PageFingerprints } from '@riskscan/scanner';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Executor } from '../../../db/database.ts';

export type MonitorBrandPagesTable = {
  id: Generated<number>;
  uid: string;
  monitor_id: number;
  url: string;
  kind: BrandPageKind;
  scan_uid: string;
  fingerprints: ColumnType<PageFingerprints | null, string | null, string | null>;
  screenshot_link: string | null;
  created_at: Generated<Date>;
};

declare module '../../../db/schema.ts' {
  interface Database {
    monitor_brand_pages: MonitorBrandPagesTable;
  }
}

export type BrandPageRow = Selectable<MonitorBrandPagesTable>;

export async function insertBrandPage(
  db: Executor,
  page: { uid: string; monitorId: number; url: string; kind: BrandPageKind; scanUid: string },
): Promise<BrandPageRow | undefined> {
  return db
    .insertInto('monitor_brand_pages')
    .values({ uid: page.uid, monitor_id: page.monitorId, url: page.url, kind: page.kind, scan_uid: page.scanUid, fingerprints: null })
    .onConflict((conflict) => conflict.columns(['monitor_id', 'url']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function brandPagesOf(db: Executor, monitorId: number): Promise<BrandPageRow[]> {
  return db.selectFrom('monitor_brand_pages').selectAll().where('monitor_id', '=', monitorId).orderBy('created_at').orderBy('id').execute();
}

export function findBrandPageByScan(db: Executor, scanUid: string): Promise<BrandPageRow | undefined> {
  return db.selectFrom('monitor_brand_pages').selectAll().where('scan_uid', '=', scanUid).executeTakeFirst();
}

export async function saveBrandPageFingerprints(
  db: Executor,
  id: number,
  fingerprints: PageFingerprints,
  screenshotLink: string | null,
): Promise<void> {
  await db
    .updateTable('monitor_brand_pages')
    .set({ fingerprints: JSON.stringify(fingerprints), screenshot_link: screenshotLink })
    .where('id', '=', id)
    .execute();
}

export async function deleteBrandPage(db: Executor, monitorId: number, uid: string): Promise<boolean> {
  const deleted = await db.deleteFrom('monitor_brand_pages').where('monitor_id', '=', monitorId).where('uid', '=', uid).executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
