import { randomUUID } from 'node:crypto';
import type { SavedSearch, SavedSearchInput, SavedSearchList, SavedSearchMatches } from '@riskscan/contracts';
import type { Db } from '../../db/database.ts';
import { checkEgressTarget, EgressRefusedError } from '@riskscan/scanner';
import { ForbiddenError, InvalidError, NotFoundError } from '../../domain-errors.ts';
import { savedSearchesOfPlan } from '../billing/index.ts';
import { findIndexedScans, presentHit } from '../search/index.ts';
import type { WebhookNetwork } from '../webhooks/index.ts';
import { parseSavedRule } from './saved-search-rules.ts';
import {
  countSavedSearches,
  deleteSavedSearch,
  findSavedSearch,
  insertSavedSearch,
  markViewed,
  matchesOf,
  type SavedSearchRow,
  savedSearchesOf,
} from './saved-searches.repository.ts';

export type SavedSearchesContext = {
  db: Db;
  /** The name of the account's current plan (billing entitlements). */
  planName(userId: number): Promise<string>;
  /** The egress policy alerts leave under: a webhook URL it refuses is refused when saved. */
  network: WebhookNetwork;
};

export const SAVED_SEARCH_NOT_FOUND = 'Not found.';
/** Matches listed under a saved search, newest first. */
export const MATCHES_SHOWN = 100;

export const savedSearchQuotaReached = (limit: number) =>
  limit === 0
    ? 'Your plan does not include saved searches. Upgrade your plan to be alerted when new scans match a search.'
    : `Your plan keeps up to ${limit} saved search${limit === 1 ? '' : 'es'}. Delete one or upgrade your plan to save more.`;

function present(row: SavedSearchRow, newMatches: number): SavedSearch {
  return {
    uid: row.uid,
    name: row.name,
    q: row.q,
    notify: { email: row.notify_email, webhook_url: row.webhook_url },
    created_at: row.created_at.toISOString(),
    last_viewed_at: row.last_viewed_at?.toISOString() ?? null,
    new_matches: newMatches,
  };
}

async function assertWebhookReachable(network: WebhookNetwork, url: string | null | undefined): Promise<void> {
  if (!url) return;
  try {
    await checkEgressTarget(new URL(url), network);
  } catch (error) {
    if (error instanceof EgressRefusedError)
      throw InvalidError.field('notify.webhook_url', `This webhook URL cannot be called: ${error.message}`);
    throw error;
  }
}

/** Saves a search within the plan's quota; a rule that cannot be matched fast is refused first. */
export async function saveSearch(ctx: SavedSearchesContext, userId: number, input: SavedSearchInput): Promise<SavedSearch> {
  parseSavedRule(input.q);
  await assertWebhookReachable(ctx.network, input.notify.webhook_url);
  const limit = await savedSearchesOfPlan(ctx.db, await ctx.planName(userId));
  if ((await countSavedSearches(ctx.db, userId)) >= limit) throw new ForbiddenError(savedSearchQuotaReached(limit));
  const row = await insertSavedSearch(ctx.db, {
    uid: randomUUID(),
    user_id: userId,
    name: input.name,
    q: input.q,
    notify_email: input.notify.email,
    webhook_url: input.notify.webhook_url ?? null,
  });
  return present(row, 0);
}

export async function listSavedSearches(ctx: SavedSearchesContext, userId: number): Promise<SavedSearchList> {
  const [rows, limit] = await Promise.all([
    savedSearchesOf(ctx.db, userId),
    ctx.planName(userId).then((plan) => savedSearchesOfPlan(ctx.db, plan)),
  ]);
  // Counts may come back as text from the driver; the answer states numbers.
  return { limit: Number(limit), used: rows.length, results: rows.map((row) => present(row, Number(row.new_matches))) };
}

/** The matches, each marked new when it came after the previous look; opening them is the new look. */
export async function viewMatches(ctx: SavedSearchesContext, userId: number, uid: string): Promise<SavedSearchMatches> {
  const row = await findSavedSearch(ctx.db, userId, uid);
  if (!row) throw new NotFoundError(SAVED_SEARCH_NOT_FOUND);
  const matched = await matchesOf(ctx.db, row.id, MATCHES_SHOWN);
  const scans = new Map(
    (
      await findIndexedScans(
        ctx.db,
        matched.map((match) => match.scan_uid),
      )
    ).map((scan) => [scan.scan_uid, scan]),
  );
  // A scan deleted since it matched is no longer listed.
  const matches = matched.flatMap((match) => {
    const scan = scans.get(match.scan_uid);
    return scan ? [{ scan, matched_at: match.matched_at }] : [];
  });
  const isNew = (at: Date) => row.last_viewed_at === null || at > row.last_viewed_at;
  const newCount = matches.filter((match) => isNew(match.matched_at)).length;
  await markViewed(ctx.db, row.id, new Date());
  return {
    saved_search: present(row, newCount),
    results: matches.map((match) => ({
      scan: presentHit(match.scan),
      matched_at: match.matched_at.toISOString(),
      new: isNew(match.matched_at),
    })),
  };
}

export async function removeSavedSearch(ctx: SavedSearchesContext, userId: number, uid: string): Promise<void> {
  if (!(await deleteSavedSearch(ctx.db, userId, uid))) throw new NotFoundError(SAVED_SEARCH_NOT_FOUND);
}
