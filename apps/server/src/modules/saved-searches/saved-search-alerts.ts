import { randomUUID } from 'node:crypto';
import { SCAN_PERMALINK_PREFIX, type SavedSearchAlertPayload } from '@riskscan/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { findUserById } from '../accounts/index.ts';
import { savedSearchMatchMail } from '../mail/index.ts';
import { type IndexedDocument, matchesScan, type ParsedSearch, presentHit } from '../search/index.ts';
import { accountSecrets, type Deliveries, type DeliverySender, type NewDelivery, queueDeliveries } from '../webhooks/index.ts';
import { parseSavedRule } from './saved-search-rules.ts';
import { recordMatches, type SavedSearchRow, savedSearchesFor } from './saved-searches.repository.ts';

/** Matches saved searches against each scan as it is indexed; the scan runner calls it. */
export type SavedSearchAlerts = { scanIndexed(doc: IndexedDocument): Promise<number> };

function ruleOf(row: SavedSearchRow): ParsedSearch | null {
  try {
    return parseSavedRule(row.q);
  } catch {
    // A rule saved under older search rules that no longer parses matches nothing rather than failing the scan.
    return null;
  }
}

/**
 * Only the saved searches of owners who may see the scan are read (its owner's; everyone's for a
 * listed scan) and each is matched in memory against this one document: the scans are never
 * searched again. A match is recorded once; its alert is queued in the delivery log and handed to
 * its job at once, which the job system retries (decision 462).
 */
export function createSavedSearchAlerts(parts: {
  db: Db;
  publicUrl: string;
  deliveries: Pick<Deliveries, 'deliverNow'>;
}): SavedSearchAlerts {
  const base = parts.publicUrl.replace(/\/+$/, '');
  return {
    async scanIndexed(doc) {
      const candidates = await savedSearchesFor(parts.db, doc.entry);
      const matched = candidates.filter((row) => {
        const rule = ruleOf(row);
        return rule !== null && matchesScan(rule, doc, row.user_id);
      });
      if (matched.length === 0) return 0;
      const now = new Date();
      const ids = await parts.db.transaction().execute(async (trx) => {
        const fresh = new Set(
          await recordMatches(
            trx,
            matched.map((row) => row.id),
            doc.entry.scan_uid,
            now,
          ),
        );
        const messages: NewDelivery[] = [];
        for (const row of matched.filter((candidate) => fresh.has(candidate.id))) {
          const payload: SavedSearchAlertPayload = {
            type: 'saved_search.match',
            saved_search: { uid: row.uid, name: row.name, q: row.q },
            scan: { ...presentHit(doc.entry), thumbnail: null, report_url: `${base}${SCAN_PERMALINK_PREFIX}${doc.entry.scan_uid}` },
            matched_at: now.toISOString(),
          };
          const batch = `${row.uid}:${doc.entry.scan_uid}`;
          const message = {
            kind: 'saved_search_alert',
            payload,
            accountId: row.user_id,
            sourceId: row.uid,
            batch,
            deliveryId: randomUUID(),
          } as const;
          if (row.notify_email) {
            const owner = await findUserById(trx, row.user_id);
            if (owner?.email) messages.push({ ...message, channel: 'email', target: owner.email });
          }
          if (row.webhook_url) messages.push({ ...message, channel: 'webhook', target: row.webhook_url });
        }
        return queueDeliveries(trx, messages);
      });
      await Promise.all(ids.map((id) => parts.deliveries.deliverNow(id)));
      return ids.length;
    },
  };
}

export function configuredSavedSearchAlerts(config: Pick<Config, 'publicUrl'>, db: Db, deliveries: Pick<Deliveries, 'deliverNow'>) {
  return createSavedSearchAlerts({ db, publicUrl: config.publicUrl, deliveries });
}

/** Alerts are signed with their account's key, as scan callbacks are (decision 139); e-mail is written here. */
export function savedSearchAlertSender(config: Pick<Config, 'auth' | 'dataDir'>, db: Db): DeliverySender {
  const secretFor = accountSecrets(config);
  return {
    async secret(delivery) {
      const owner = delivery.account_id === null ? undefined : await findUserById(db, delivery.account_id);
      return owner ? secretFor(owner.uid) : null;
    },
    mail(delivery) {
      return savedSearchMatchMail(delivery.payload as SavedSearchAlertPayload);
    },
  };
}
