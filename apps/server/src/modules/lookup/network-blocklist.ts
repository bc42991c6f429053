import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ListedNetwork, type NetworkListing, parseSpamhausAsnDrop, type ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import { downloadFeed, type FeedFetchLimits } from './feed-refresh.ts';

/** ASN_DROP_URL and friends: where the list comes from, how often it is fetched again, where the last good copy is kept. */
export type NetworkBlocklistSettings = { url: string; refreshMinutes: number; cacheFile: string };

const LIST_NAME = 'Spamhaus ASN-DROP';
const MINUTE_MS = 60_000;
/** After a failed download, the next try waits this long (or the refresh interval, if shorter). */
const RETRY_MS = 15 * MINUTE_MS;

/**
 * Spamhaus ASN-DROP, the networks run by or for criminals, held in memory for the scans' IP
 * checks. The last good download is kept on disk, so a restart answers at once and an outage of
 * the list's host changes nothing. A lookup never waits for the network: when the copy is older
 * than the refresh interval it starts a download and answers from what it has (there are no
 * timers, so idle processes do not fetch). A download that fails or does not parse keeps the old list.
 */
export class NetworkBlocklist {
  private networks = new Map<number, ListedNetwork>();
  /** When the list in memory was downloaded (ms); 0: never. */
  private fetchedAt = 0;
  /** No download before this (ms), after a failure. */
  private retryAfter = 0;
  private inFlight: Promise<void> | null = null;
  private cacheRead: Promise<void> | null = null;

  constructor(
    private readonly settings: NetworkBlocklistSettings,
    private readonly options: { limits: FeedFetchLimits; log: FastifyBaseLogger; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Loads the cached copy and, when it is missing or stale, starts a download. */
  start(): Promise<void> {
    this.cacheRead ??= this.readCache().then(() => this.refreshIfStale());
    return this.cacheRead;
  }

  /** Resolves when no download is running. */
  async settled(): Promise<void> {
    await this.start();
    await this.inFlight;
  }

  async lookup(asn: number): Promise<NetworkListing | null> {
    await this.start();
    this.refreshIfStale();
    const network = this.networks.get(asn);
    return network ? { ...network, list: LIST_NAME } : null;
  }

  /** Downloads the list now (one download at a time). */
  refresh(): Promise<void> {
    this.inFlight ??= this.download().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private refreshIfStale(): void {
    const now = this.now();
    if (now >= this.retryAfter && now - this.fetchedAt >= this.settings.refreshMinutes * MINUTE_MS) void this.refresh();
  }

  private async readCache(): Promise<void> {
    try {
      const [text, info] = await Promise.all([readFile(this.settings.cacheFile, 'utf8'), stat(this.settings.cacheFile)]);
      this.replace(parseSpamhausAsnDrop(text), info.mtimeMs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.options.log.warn({ err: error, file: this.settings.cacheFile }, 'cached ASN-DROP list unreadable');
      }
    }
  }

  private async download(): Promise<void> {
    try {
      const text = await downloadFeed(this.settings.url, this.options.limits);
      const networks = parseSpamhausAsnDrop(text);
      this.replace(networks, this.now());
      await this.writeCache(text);
      this.options.log.info({ source: LIST_NAME, networks: networks.length }, 'network blocklist refreshed');
    } catch (error) {
      // Not again on every scan while the host is down.
      this.retryAfter = this.now() + Math.min(RETRY_MS, this.settings.refreshMinutes * MINUTE_MS);
      this.options.log.warn({ err: error, source: LIST_NAME }, 'network blocklist refresh failed; keeping the previous list');
    }
  }

  private replace(networks: ListedNetwork[], fetchedAt: number): void {
    this.networks = new Map(networks.map((network) => [network.asn, network]));
    this.fetchedAt = fetchedAt;
  }

  /** Written whole and renamed into place, so another process never reads half a file. */
  private async writeCache(text: string): Promise<void> {
    const file = this.settings.cacheFile;
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, text);
    await rename(partial, file);
  }
}

/** ASN-DROP is about 30 kB; anything near this is not the list. */
const DOWNLOAD_LIMITS: FeedFetchLimits = { timeoutMs: 60_000, maxBytes: 5 * 1024 * 1024 };

/** The scanner's `networkListing` source, warming the list at once. */
export function networkListingSource(settings: NetworkBlocklistSettings, log: FastifyBaseLogger): ScannerOptions['networkListing'] {
  const blocklist = new NetworkBlocklist(settings, { limits: DOWNLOAD_LIMITS, log });
  void blocklist.start();
  return (asn) => blocklist.lookup(asn);
}
