import { hostParts } from '../url/host-parts.ts';

/**
 * How popular a registrable domain is, in rank buckets of a public top-sites ranking: 1 for the
 * top thousand, 2 to ten thousand, 3 to a hundred thousand, 4 to a million, 0 when unranked.
 */
export type PopularityBucket = 0 | 1 | 2 | 3 | 4;

/** Where a ranking came from, as its file's header says (`# list: ...`). */
export type PopularitySource = { list: string; date: string; licence: string; url: string };

const BUCKET_ENDS = [1_000, 10_000, 100_000, 1_000_000] as const;

function fnv(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

// Two 32-bit hashes folded into one exact double (32 + 21 bits): a million domains cost 8 MB,
// not the 80 MB a Set of strings would, and two names collide about once in 2^53.
function keyOf(domain: string): number {
  return fnv(domain, 0x811c9dc5) * 2_097_152 + (fnv(domain, 0x9747b28c) & 0x1f_ffff);
}

function contains(sorted: Float64Array, key: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = sorted[mid]!;
    if (value === key) return true;
    if (value < key) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/**
 * A compact index of a top-sites ranking's registrable domains by rank bucket. Only registrable
 * domains are kept: a platform's suffix (`github.io`, `blogspot.com`) is no domain, so its tenants
 * never inherit the platform's rank.
 */
/** A ranking's index as plain data (`snapshot`), to hand to a worker thread: a million domains are 8 MB. */
export type PopularitySnapshot = { buckets: Float64Array[]; size: number; source: PopularitySource };

export class PopularityIndex {
  private buckets: Float64Array[];
  readonly size: number;

  /** The index a `snapshot` was taken of, without reading its domains again. */
  static fromSnapshot(snapshot: PopularitySnapshot): PopularityIndex {
    const index = new PopularityIndex([], snapshot.source);
    index.buckets = snapshot.buckets;
    (index as { size: number }).size = snapshot.size;
    return index;
  }

  snapshot(): PopularitySnapshot {
    return { buckets: this.buckets, size: this.size, source: this.source };
  }

  constructor(
    rankedDomains: Iterable<string>,
    readonly source: PopularitySource,
  ) {
    const keys: number[][] = BUCKET_ENDS.map(() => []);
    const seen = new Set<number>();
    let rank = 0;
    for (const raw of rankedDomains) {
      const domain = hostParts(raw.trim()).domain;
      if (!domain) continue;
      const key = keyOf(domain);
      if (seen.has(key)) continue;
      seen.add(key);
      rank++;
      const bucket = BUCKET_ENDS.findIndex((end) => rank <= end);
      if (bucket < 0) break;
      keys[bucket]!.push(key);
    }
    this.buckets = keys.map((list) => Float64Array.from(list).sort());
    this.size = rank > BUCKET_ENDS.at(-1)! ? BUCKET_ENDS.at(-1)! : rank;
  }

  /**
   * Reads a ranking file: `#` header lines naming the list, then either one domain per line in
   * rank order or `rank,domain` CSV (Tranco, Majestic's `GlobalRank,TldRank,Domain,...`).
   */
  static parse(text: string): PopularityIndex {
    const source: PopularitySource = { list: 'unknown', date: 'unknown', licence: 'unknown', url: '' };
    const domains: string[] = [];
    let domainColumn = -1;
    for (const line of text.split('\n')) {
      const header = /^#\s*(list|date|licence|url):\s*(.*)$/.exec(line);
      if (header) {
        source[header[1] as keyof PopularitySource] = header[2]!.trim();
        continue;
      }
      if (line.startsWith('#') || line.trim() === '') continue;
      const cells = line.split(',');
      if (domainColumn < 0) {
        const named = cells.findIndex((cell) => cell.trim().toLowerCase() === 'domain');
        if (named >= 0) {
          domainColumn = named; // a header row
          continue;
        }
        domainColumn = cells.length > 1 && /^\d+$/.test(cells[0]!.trim()) ? 1 : 0;
      }
      const domain = cells[domainColumn]?.trim().toLowerCase();
      if (domain && /^[a-z0-9.-]+$/.test(domain)) domains.push(domain);
    }
    return new PopularityIndex(domains, source);
  }

  /** The rank bucket of a registrable domain (0 when it is not ranked). */
  bucketOf(domain: string | null): PopularityBucket {
    if (!domain) return 0;
    const key = keyOf(domain);
    for (let i = 0; i < this.buckets.length; i++) if (contains(this.buckets[i]!, key)) return (i + 1) as PopularityBucket;
    return 0;
  }
}
