import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { findUserById } from '../accounts/index.ts';
import { accountSecrets, type Deliveries, type DeliverySender, queueDeliveries } from '../webhooks/index.ts';
import { presentResult } from './scan-presenter.ts';
import type { ScanRow } from './scans.repository.ts';

/** Tells a scan's `callback_url` that the scan ended, with the report, signed for its owner. */
export type ScanCallbacks = { notify(scan: ScanRow): Promise<void> };

/**
 * Queues the callback in the delivery log and hands it to its job at once, which the job system
 * retries (decisions 175, 462); a restart loses none. A scan without owner sends nothing.
 */
export function createScanCallbacks(parts: {
  db: Db;
  /** Links in the report point here: the receiver is not a browser on one of our hosts. */
  publicUrl: string;
  deliveries: Pick<Deliveries, 'deliverNow'>;
}): ScanCallbacks {
  return {
    async notify(scan) {
      const url = scan.options.callback_url;
      if (!url || scan.user_id === null) return;
      const payload = { uid: scan.uid, status: scan.status, data: scan.status === 'done' ? presentResult(scan, parts.publicUrl) : null };
      // Each callback is its own message: a reused scan calls back every caller that asked.
      const deliveryId = randomUUID();
      const [id] = await queueDeliveries(parts.db, [
        {
          kind: 'scan_callback',
          channel: 'webhook',
          target: url,
          payload,
          accountId: scan.user_id,
          sourceId: scan.uid,
          batch: deliveryId,
          deliveryId,
        },
      ]);
      if (id !== undefined) await parts.deliveries.deliverNow(id);
    },
  };
}

export function configuredScanCallbacks(config: Config, db: Db, deliveries: Pick<Deliveries, 'deliverNow'>): ScanCallbacks {
  return createScanCallbacks({ db, publicUrl: config.publicUrl, deliveries });
}

/** Scan callbacks are signed with their account's key (decision 139), derived from the server secret. */
export function scanCallbackSender(config: Pick<Config, 'auth' | 'dataDir'>, db: Db): DeliverySender {
  const secretFor = accountSecrets(config);
  return {
    async secret(delivery) {
      const owner = delivery.account_id === null ? undefined : await findUserById(db, delivery.account_id);
      return owner ? secretFor(owner.uid) : null;
    },
  };
}
