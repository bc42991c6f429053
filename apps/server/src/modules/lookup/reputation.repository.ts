import type { FeedEntry, IndicatorKind, ReputationRecord, ThreatType } from '@riskscan/scanner';
import type { Generated, Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type ReputationIndicatorsTable = {
  id: Generated<string>;
  source: string;
  kind: IndicatorKind;
  value: string;
  threat: ThreatType;
  reference: string | null;
  first_seen: Date;
  last_seen: Date;
};

export type ReputationImportsTable = {
  id: Generated<string>;
  source: string;
  format: string;
  origin: string;
  entries: number;
  error: string | null;
  imported_at: Generated<Date>;
};

declare module '../../db/schema.ts' {
  interface Database {
    reputation_indicators: ReputationIndicatorsTable;
    reputation_imports: ReputationImportsTable;
  }
}

// Seven parameters a row: a thousand rows stay far below PostgreSQL's 65,535-parameter limit.
const ROWS_PER_STATEMENT = 1000;
const READ_PAGE = 10_000;

export type ImportRecord = Omit<Insertable<ReputationImportsTable>, 'id' | 'imported_at'>;

/** The only code that reads or writes the reputation tables. */
export function reputationRepository(db: Executor) {
  return {
    /**
     * Stores a feed's entries under its source: new ones are added, known ones get `last_seen`
     * moved to `seenAt` while keeping the earliest `first_seen`. Run it in a transaction: a feed
     * is stored whole or not at all.
     */
    async upsertEntries(source: string, entries: FeedEntry[], seenAt: Date): Promise<void> {
      // One statement cannot touch a row twice, and feeds do repeat themselves.
      const unique = new Map<string, FeedEntry>();
      for (const entry of entries) unique.set(`${entry.kind} ${entry.value}`, entry);
      const rows = [...unique.values()].map((entry) => ({
        source,
        kind: entry.kind,
        value: entry.value,
        threat: entry.threat,
        reference: entry.reference,
        first_seen: entry.firstSeen ?? seenAt,
        last_seen: seenAt,
      }));
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        await db
          .insertInto('reputation_indicators')
          .values(rows.slice(start, start + ROWS_PER_STATEMENT))
          .onConflict((conflict) =>
            conflict.columns(['source', 'kind', 'value']).doUpdateSet((eb) => ({
              threat: eb.ref('excluded.threat'),
              reference: eb.fn.coalesce('excluded.reference', 'reputation_indicators.reference'),
              first_seen: eb.fn('least', ['reputation_indicators.first_seen', 'excluded.first_seen']),
              last_seen: eb.ref('excluded.last_seen'),
            })),
          )
          .execute();
      }
    },

    /** Every indicator some source reported at or after `since`, read in pages. */
    async activeRecords(since: Date): Promise<ReputationRecord[]> {
      const records: ReputationRecord[] = [];
      let after = '0';
      for (;;) {
        const page = await db
          .selectFrom('reputation_indicators')
          .select(['id', 'source', 'kind', 'value', 'threat'])
          .where('last_seen', '>=', since)
          .where('id', '>', after)
          .orderBy('id')
          .limit(READ_PAGE)
          .execute();
        for (const row of page) records.push({ kind: row.kind, value: row.value, threat: row.threat, source: row.source });
        if (page.length < READ_PAGE) return records;
        after = String(page.at(-1)?.id ?? after);
      }
    },

    async findIndicator(source: string, kind: IndicatorKind, value: string) {
      return db
        .selectFrom('reputation_indicators')
        .selectAll()
        .where('source', '=', source)
        .where('kind', '=', kind)
        .where('value', '=', value)
        .executeTakeFirst();
    },

    async recordImport(record: ImportRecord): Promise<void> {
      await db.insertInto('reputation_imports').values(record).execute();
    },

    async recentImports(limit: number) {
      return db.selectFrom('reputation_imports').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type ReputationRepository = ReturnType<typeof reputationRepository>;
