import { type FeedEntry, type FeedFormat, parseFeed, ReputationIndex, type ThreatType, urlIndicator } from '@riskscan/scanner';
import type { Db } from '../../db/database.ts';
import { type ReputationRepository, reputationRepository } from './reputation.repository.ts';

/** Our own confirmed-malicious scans are stored as one more source. */
export const OWN_SCANS_SOURCE = 'riskscan';

export type FeedImport = {
  /** Who publishes the feed (`urlhaus`, `openphish`, `acme-blocklist`). */
  source: string;
  format: FeedFormat;
  text: string;
  /** Where the text came from (a file path or URL), for the import log. */
  origin: string;
  /** The threat a plain list stands for; the other formats say it themselves. */
  threat?: ThreatType;
};

export type ImportResult = { source: string; entries: number; indicators: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reputation data: stored in the database, held in memory as a `ReputationIndex` so the
 * verdict never queries per URL, and reloaded after every import. Indicators no source has
 * reported for `maxAgeDays` drop out of the index (feeds stop listing pages that are gone).
 */
export class ReputationStore {
  private current = new ReputationIndex();
  private readonly listeners = new Set<(index: ReputationIndex) => void>();
  private readonly repository: ReputationRepository;

  constructor(
    private readonly db: Db,
    private readonly maxAgeDays: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repository = reputationRepository(db);
  }

  /** A feed's entries in one transaction: a failure half-way stores none of them. */
  private storeEntries(source: string, entries: FeedEntry[]): Promise<void> {
    return this.db.transaction().execute((trx) => reputationRepository(trx).upsertEntries(source, entries, this.now()));
  }

  get index(): ReputationIndex {
    return this.current;
  }

  /** Called with the new index after every reload. */
  onReload(listener: (index: ReputationIndex) => void): void {
    this.listeners.add(listener);
  }

  async reload(): Promise<void> {
    const since = new Date(this.now().getTime() - this.maxAgeDays * DAY_MS);
    const next = new ReputationIndex();
    for (const record of await this.repository.activeRecords(since)) next.add(record);
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }

  /** Parses, stores and loads one feed document; a document that fails to parse is logged and rethrown. */
  async importFeed(feed: FeedImport): Promise<ImportResult> {
    let entries;
    try {
      entries = parseFeed(feed.format, feed.text, feed.threat);
    } catch (error) {
      await this.repository.recordImport({
        source: feed.source,
        format: feed.format,
        origin: feed.origin,
        entries: 0,
        error: String(error),
      });
      throw error;
    }
    await this.storeEntries(feed.source, entries);
    await this.repository.recordImport({
      source: feed.source,
      format: feed.format,
      origin: feed.origin,
      entries: entries.length,
      error: null,
    });
    await this.reload();
    return { source: feed.source, entries: entries.length, indicators: this.current.size };
  }

  /** Adds a URL our own scan confirmed malicious, so later verdicts know it without a fetch. */
  async recordConfirmedMalicious(url: string, threat: ThreatType): Promise<void> {
    const indicator = urlIndicator(url);
    if (!indicator) return;
    await this.storeEntries(OWN_SCANS_SOURCE, [{ ...indicator, threat, firstSeen: null, reference: null }]);
    this.current.add({ ...indicator, threat, source: OWN_SCANS_SOURCE });
  }
}
