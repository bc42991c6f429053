import {
  type ConcreteLogFormat,
  type FlaggedVisit,
  type HuntSource,
  type LogFormat,
  riskBandStart,
  riskLevelForScore,
  type RetroHuntSummary,
  type Verdict,
  type VerdictReason,
} from '@riskscan/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { JudgeUrls } from '../lookup/index.ts';
import { type LogLine, OVERLONG_LINE } from './log-lines.ts';
import {
  DETECTION_ORDER,
  detectLogFormat,
  LOG_FORMAT_NAMES,
  logReader,
  type LogReader,
  type ReadOptions,
  type Visit,
} from './log-formats.ts';

/** A visit is flagged at this score, or whenever a reputation source or our own scans list it. */
export const FLAG_SCORE = riskBandStart('Risky');
// Visits read before their new hosts are judged together: large enough to batch, small enough
// to keep memory flat on logs of any size.
const CHUNK_VISITS = 20_000;
// New addresses judged in one turn of the event loop: the verdicts are computed on the API's
// own loop, so a chunk of many distinct hosts is judged in slices with other requests between.
export const JUDGE_SLICE = 1000;
// Lines read in one turn of the event loop, however few of them are visits.
const LINES_PER_TURN = 5000;
// Verdicts kept at once: a log of a million distinct hosts must not keep a million verdicts.
export const VERDICT_CACHE_HOSTS = 50_000;
// Flagged hosts listed in the summary; the count of flagged visits goes on past it.
const MAX_FLAGGED_HOSTS = 1000;
// Lines read to recognise the format.
const SAMPLE_LINES = 100;
const SAMPLE_BYTES = 1024 * 1024;

/** What else we know of a visit beyond its URL verdict: reputation and our own full scans, each with a reason. */
export type HuntKnowledge = (visit: Visit) => { source: HuntSource; reason: VerdictReason }[];

export type RetroHuntOptions = {
  reader: LogReader;
  format: ConcreteLogFormat;
  judge: JudgeUrls;
  knowledge?: HuntKnowledge;
  onFlagged(visit: FlaggedVisit): void | Promise<void>;
  /** Called after each chunk with the lines read so far. */
  onProgress?(lines: number): void;
  /** Verdicts kept at once (default `VERDICT_CACHE_HOSTS`) and visits judged together (default 20,000). */
  cacheHosts?: number;
  chunkVisits?: number;
  /** Stops the hunt between chunks when it fires (a wall-clock limit). */
  signal?: AbortSignal;
};

/** The URL verdict itself flags the host: a high score from what the address shows, or Safe Browsing. */
function verdictFlags(verdict: Verdict): boolean {
  const own = verdict.reasons.filter((reason) => !reason.code.startsWith('reputation_'));
  return own.some((reason) => reason.code === 'safe_browsing') || (verdict.risk_score >= FLAG_SCORE && own.length > 0);
}

/** The log nothing could read; the message lists what was tried. */
export class UnreadableLogError extends Error {
  constructor(readonly tried: ConcreteLogFormat[]) {
    const names = (Object.keys(LOG_FORMAT_NAMES) as ConcreteLogFormat[]).filter((format) => tried.includes(format));
    super(`The log could not be read as ${names.map((format) => LOG_FORMAT_NAMES[format]).join(', ')}: nothing was hunted.`);
  }
}

/**
 * Opens a log: reads its first lines, recognises the format (or checks the one asked for, or the
 * caller's template), and answers a reader with all the lines, the sample included. Throws
 * UnreadableLogError when no format reads the sample (random bytes, an unknown layout), so the
 * caller answers before any hunt.
 */
export async function openLog(
  lines: AsyncIterable<LogLine>,
  options: { format: LogFormat } & ReadOptions,
): Promise<{ format: ConcreteLogFormat; reader: LogReader; lines: AsyncIterable<LogLine> }> {
  const iterator = lines[Symbol.asyncIterator]();
  const sample: LogLine[] = [];
  let bytes = 0;
  let done = false;
  while (sample.length < SAMPLE_LINES && bytes < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    sample.push(next.value);
    bytes += next.value === OVERLONG_LINE ? 0 : next.value.length;
  }
  const { format: asked, ...read } = options;
  const tried: ConcreteLogFormat[] = read.template ? ['template'] : asked === 'auto' ? DETECTION_ORDER : [asked];
  const readable = sample.filter((line) => line !== OVERLONG_LINE);
  const format = detectLogFormat(readable, read, tried);
  if (!format) throw new UnreadableLogError(tried);
  return {
    format,
    reader: logReader(format, read),
    lines: (async function* () {
      yield* sample;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  };
}

/**
 * What a visit is judged as: its full URL when the log recorded a path or query (phishing on a
 * shared host lives in the path), its host only when the log has nothing more (an HTTPS CONNECT).
 */
export function judgedAddress(visit: Pick<Visit, 'url' | 'host'>): string {
  if (!URL.canParse(visit.url)) return visit.host;
  const url = new URL(visit.url);
  return url.pathname.length > 1 || url.search !== '' ? visit.url : visit.host;
}

/** A fixed number of verdicts, the least recently used dropped first. */
class VerdictCache {
  private readonly entries = new Map<string, Verdict | null>();
  constructor(private readonly capacity: number) {}
  has(host: string): boolean {
    return this.entries.has(host);
  }
  get(host: string): Verdict | null | undefined {
    const value = this.entries.get(host);
    if (value !== undefined) {
      this.entries.delete(host);
      this.entries.set(host, value);
    }
    return value;
  }
  set(host: string, verdict: Verdict | null): void {
    this.entries.delete(host);
    this.entries.set(host, verdict);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * Retro-hunt over a proxy log: every visited address is judged by the URL verdict, the full URL
 * where the log has it (`judgedAddress`; once while it stays in the bounded cache), every visit is checked against what we know (reputation feeds, our own
 * full scans), and every flagged visit is reported in log order with the sources that flagged it.
 */
export async function retroHunt(lines: AsyncIterable<LogLine>, options: RetroHuntOptions): Promise<RetroHuntSummary> {
  const verdicts = new VerdictCache(options.cacheHosts ?? VERDICT_CACHE_HOSTS);
  const flaggedHosts = new Set<string>();
  const summary: RetroHuntSummary = {
    format: options.format,
    lines: 0,
    unparsed: 0,
    skipped: { blank: 0, header: 0, unreadable: 0, no_host: 0 },
    visits: 0,
    hosts: 0,
    flagged_visits: 0,
    flagged_hosts: [],
  };
  let chunk: Visit[] = [];

  const flush = async () => {
    // This chunk's verdicts stay at hand until it is reported, whatever the cache drops meanwhile.
    const current = new Map<string, Verdict | null>();
    const addresses = chunk.map(judgedAddress);
    for (const address of addresses) if (!current.has(address) && verdicts.has(address)) current.set(address, verdicts.get(address)!);
    const fresh = [...new Set(addresses)].filter((address) => !current.has(address));
    if (fresh.length > 0) {
      const outcomes: Awaited<ReturnType<JudgeUrls>> = [];
      for (let start = 0; start < fresh.length; start += JUDGE_SLICE) {
        if (start > 0) await nextTurn();
        outcomes.push(...(await options.judge(fresh.slice(start, start + JUDGE_SLICE))));
      }
      summary.hosts += fresh.length;
      fresh.forEach((address, index) => {
        const outcome = outcomes[index];
        const verdict = outcome && !('error' in outcome) ? outcome : null;
        verdicts.set(address, verdict);
        current.set(address, verdict);
      });
    }
    for (const [index, visit] of chunk.entries()) {
      const verdict = current.get(addresses[index]!) ?? null;
      const known = options.knowledge?.(visit) ?? [];
      const sources = new Set<HuntSource>();
      if (verdict && verdictFlags(verdict)) sources.add('url-verdict');
      for (const entry of known) sources.add(entry.source);
      if (sources.size === 0) continue;
      if (flaggedHosts.size < MAX_FLAGGED_HOSTS) flaggedHosts.add(visit.host);
      summary.flagged_visits++;
      const reasons = [
        ...known.map((entry) => entry.reason),
        ...(verdict?.reasons ?? []).filter((reason) => !reason.code.startsWith('reputation_')),
      ].sort((a, b) => b.risk_score - a.risk_score);
      const score = Math.max(verdict?.risk_score ?? 0, ...known.map((entry) => entry.reason.risk_score));
      await options.onFlagged({
        ...visit,
        risk_score: score,
        risk_level: riskLevelForScore(score),
        reasons,
        sources: [...sources],
      });
    }
    chunk = [];
    options.onProgress?.(summary.lines);
  };

  for await (const line of lines) {
    summary.lines++;
    if (summary.lines % LINES_PER_TURN === 0) await nextTurn();
    const outcome = line === OVERLONG_LINE ? 'unreadable' : line.trim() === '' ? 'blank' : options.reader.read(line);
    if (typeof outcome === 'string') {
      summary.skipped[outcome]++;
      continue;
    }
    summary.visits++;
    chunk.push(outcome);
    if (chunk.length >= (options.chunkVisits ?? CHUNK_VISITS)) {
      await flush();
      options.signal?.throwIfAborted();
    }
  }
  await flush();
  // A line without a host was read: it names no address to judge, and says so under `no_host`.
  summary.unparsed = summary.skipped.unreadable;
  summary.flagged_hosts = [...flaggedHosts].sort();
  return summary;
}
