import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { FlaggedVisit, LogFormat, RetroHuntSummary, Verdict } from '@riskscan/contracts';
import type { JudgeUrls } from '../lookup/index.ts';
import { type FieldMap, lineParser, type Visit } from './log-formats.ts';

/** A visit is flagged at this score, or whenever a reputation source lists its host. */
export const FLAG_SCORE = 60;
// Visits read before their new hosts are judged together: large enough to batch, small enough
// to keep memory flat on logs of any size.
const CHUNK_VISITS = 20_000;

export type RetroHuntOptions = {
  format: LogFormat;
  fields?: FieldMap;
  judge: JudgeUrls;
  onFlagged(visit: FlaggedVisit): void | Promise<void>;
  /** Called after each chunk with the lines read so far. */
  onProgress?(lines: number): void;
};

export function isFlagged(verdict: Verdict): boolean {
  return (
    verdict.risk_score >= FLAG_SCORE ||
    verdict.reasons.some((reason) => reason.code.startsWith('reputation_') || reason.code === 'safe_browsing')
  );
}

/** The lines of a log stream, gunzipped first when it starts with gzip's magic bytes. */
export async function* logLines(input: Readable): AsyncGenerator<string> {
  const iterator = input[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = Buffer.from(first.value as Buffer);
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
    })(),
  );
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const text = gzipped ? rest.pipe(createGunzip()) : rest;
  yield* createInterface({ input: text, crlfDelay: Infinity });
}

/**
 * Retro-hunt over a proxy log: every distinct host is judged once (the URL verdict of the host),
 * and every visit to a flagged host is reported, in log order.
 */
export async function retroHunt(lines: AsyncIterable<string>, options: RetroHuntOptions): Promise<RetroHuntSummary> {
  const parse = lineParser(options.format, options.fields);
  const verdicts = new Map<string, Verdict | null>();
  const flaggedHosts = new Set<string>();
  const summary: RetroHuntSummary = { lines: 0, unparsed: 0, visits: 0, hosts: 0, flagged_visits: 0, flagged_hosts: [] };
  let chunk: Visit[] = [];

  const flush = async () => {
    const fresh = [...new Set(chunk.map((visit) => visit.host))].filter((host) => !verdicts.has(host));
    if (fresh.length > 0) {
      const outcomes = await options.judge(fresh);
      fresh.forEach((host, index) => {
        const outcome = outcomes[index];
        verdicts.set(host, outcome && !('error' in outcome) ? outcome : null);
      });
    }
    for (const visit of chunk) {
      const verdict = verdicts.get(visit.host);
      if (!verdict || !isFlagged(verdict)) continue;
      flaggedHosts.add(visit.host);
      summary.flagged_visits++;
      await options.onFlagged({ ...visit, risk_score: verdict.risk_score, risk_level: verdict.risk_level, reasons: verdict.reasons });
    }
    chunk = [];
    options.onProgress?.(summary.lines);
  };

  for await (const line of lines) {
    summary.lines++;
    if (line === '' || line.startsWith('#')) continue;
    const visit = parse(line);
    if (!visit) {
      summary.unparsed++;
      continue;
    }
    summary.visits++;
    chunk.push(visit);
    if (chunk.length >= CHUNK_VISITS) await flush();
  }
  await flush();
  summary.hosts = verdicts.size;
  summary.flagged_hosts = [...flaggedHosts].sort();
  return summary;
}
