import type { GuardedFetchOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { NameMatch } from '../lookalike-matcher.ts';
import { type CtLogClient, ctLogClient } from './ct-log-client.ts';
import { type CtLogPosition, findLogPosition, recordNamesSeen, saveLogPosition } from './ct-log.repository.ts';
import { decodeLeaf } from './merkle-leaf.ts';

export type CtPollSettings = {
  logs: readonly string[];
  /** Leaves asked for in one `get-entries` (logs answer with at most their own maximum). */
  batchSize: number;
  /** Leaves read from one log in one poll: a log far ahead is caught up over several polls, never in one unbounded pass. */
  maxEntriesPerPoll: number;
};

export type CtPollDeps = {
  db: Db;
  log: FastifyBaseLogger;
  network: Omit<GuardedFetchOptions, 'signal'>;
  /** Names that imitate a watched domain, recorded as look-alikes; what it returns is what was new. */
  discover(names: readonly string[]): Promise<NameMatch[]>;
  /** The matcher over every watched domain. */
  matcher(): Promise<{ match(host: string): NameMatch[] }>;
  now(): Date;
  /** Tests hand in a log of their own; otherwise the RFC 6962 client over the egress guard. */
  client?(logUrl: string): CtLogClient;
};

export type CtLogPoll = { logUrl: string; read: number; recorded: number; error: string | null };

type Sighting = { name: string; seenAt: Date; logUrl: string };

/** Each leaf's names, with the earliest sighting of each (a batch may hold several certificates for a name). */
function namesOf(leaves: readonly Buffer[], logUrl: string): Map<string, Sighting> {
  const seen = new Map<string, Sighting>();
  for (const leaf of leaves) {
    const entry = decodeLeaf(leaf);
    if (!entry) continue;
    for (const name of entry.names) {
      const earlier = seen.get(name);
      if (!earlier || earlier.seenAt.getTime() > entry.timestamp) seen.set(name, { name, seenAt: new Date(entry.timestamp), logUrl });
    }
  }
  return seen;
}

/** The look-alike domains among the sightings (a certificate's name reduced to the domain it imitates with), earliest first seen kept. */
function lookalikeSightings(sightings: Map<string, Sighting>, matcher: { match(host: string): NameMatch[] }): Sighting[] {
  const byDomain = new Map<string, Sighting>();
  for (const sighting of sightings.values()) {
    for (const match of matcher.match(sighting.name)) {
      const earlier = byDomain.get(match.domain);
      if (!earlier || earlier.seenAt > sighting.seenAt) byDomain.set(match.domain, { ...sighting, name: match.domain });
    }
  }
  return [...byDomain.values()];
}

/**
 * Reads one log from where the last poll stopped to its current tree head, a batch at a time,
 * saving the position after every batch so a crash or a restart resumes there. A log seen for
 * the first time is started at its head: its past is not ours to read.
 */
async function pollLog(deps: CtPollDeps, settings: CtPollSettings, logUrl: string): Promise<CtLogPoll> {
  const client = deps.client?.(logUrl) ?? ctLogClient(logUrl, deps.network);
  const known = await findLogPosition(deps.db, logUrl);
  const head = await client.treeHead();
  const now = deps.now();
  const position: CtLogPosition = known
    ? { ...known, polledAt: now, lastError: null, ...(head.size > known.treeSize ? { treeSize: head.size, grewAt: now } : {}) }
    : { logUrl, nextIndex: head.size, treeSize: head.size, grewAt: now, polledAt: now, lastError: null };
  const end = Math.min(head.size, position.nextIndex + settings.maxEntriesPerPoll);
  let read = 0;
  let recorded = 0;
  while (position.nextIndex < end) {
    const leaves = await client.entries(position.nextIndex, Math.min(end, position.nextIndex + settings.batchSize) - 1);
    if (leaves.length === 0) break;
    const matched = lookalikeSightings(namesOf(leaves, logUrl), await deps.matcher());
    if (matched.length > 0) {
      await recordNamesSeen(deps.db, matched);
      recorded += (await deps.discover(matched.map((sighting) => sighting.name))).length;
    }
    position.nextIndex += leaves.length;
    read += leaves.length;
    await saveLogPosition(deps.db, position);
  }
  await saveLogPosition(deps.db, position);
  return { logUrl, read, recorded, error: null };
}

/** One poll of every configured log; a log that fails is noted on its position and the others go on. */
export async function pollCtLogs(deps: CtPollDeps, settings: CtPollSettings): Promise<CtLogPoll[]> {
  const polls: CtLogPoll[] = [];
  for (const logUrl of settings.logs) {
    try {
      polls.push(await pollLog(deps, settings, logUrl));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log.warn({ err: error, logUrl }, 'certificate-transparency log not read');
      const known = await findLogPosition(deps.db, logUrl);
      // A log never read has no position to resume from; its first successful poll starts it.
      if (known) await saveLogPosition(deps.db, { ...known, polledAt: deps.now(), lastError: message });
      polls.push({ logUrl, read: 0, recorded: 0, error: message });
    }
  }
  return polls;
}
