import { randomUUID } from 'node:crypto';
import {
  type Confirmation,
  type FeedEntry,
  type FeedFormat,
  isInternalUrl,
  parseFeed,
  ReputationIndex,
  type ThreatType,
  urlIndicator,
} from '@riskscan/scanner';
import type { Db } from '../../db/database.ts';
import { activePublications, type Retraction, retractPublications, upsertPublication } from './published-verdicts.repository.ts';
import { type ReputationRepository, reputationRepository } from './reputation.repository.ts';

/** Our own published verdicts (`published_verdicts`) take part in the index as one more source. */
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
    for (const own of await activePublications(this.db, since))
      next.add({ kind: own.kind, value: own.value, threat: own.threat, source: OWN_SCANS_SOURCE });
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

  /**
   * Publishes what a scan confirmed about `url` (decision 330): lookups, hunts and both feeds know
   * it from now on, with its evidence and the confidence that evidence earns. An internal host or
   * address is never published, wherever a scan's redirects ended.
   */
  async publish(url: string, confirmation: Confirmation): Promise<void> {
    const indicator = urlIndicator(url);
    if (!indicator || indicator.kind === 'domain' || isInternalUrl(new URL(url))) return;
    const publication = { kind: indicator.kind, value: indicator.value, url, ...confirmation };
    await upsertPublication(this.db, publication, this.now(), randomUUID());
    this.current.add({ ...indicator, threat: confirmation.threat, source: OWN_SCANS_SOURCE });
  }

  /**
   * Retracts our verdict on each of `urls` (a clean rescan, an accepted report): it leaves the
   * index and the feeds publish it as revoked. Answers whether one was listed.
   */
  async retract(urls: string[], reason: Retraction): Promise<boolean> {
    const keys = urls.flatMap((url) => {
      const indicator = urlIndicator(url);
      return indicator && indicator.kind !== 'domain' ? [{ kind: indicator.kind, value: indicator.value }] : [];
    });
    const retracted = await retractPublications(this.db, keys, reason, this.now());
    for (const key of retracted) this.current.withdraw(key.kind, key.value, OWN_SCANS_SOURCE);
    return retracted.length > 0;
  }
}
