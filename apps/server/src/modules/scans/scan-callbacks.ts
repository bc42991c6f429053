import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createResolver } from '@riskscan/scanner';
import { findUserById } from '../accounts/index.ts';
import { accountSecrets, deliverWithRetries, type WebhookNetwork } from '../webhooks/index.ts';
import { presentResult } from './scan-presenter.ts';
import type { ScanRow } from './scans.repository.ts';

/** Tells a scan's `callback_url` that the scan ended, with the report, signed for its owner. */
export type ScanCallbacks = { notify(scan: ScanRow): Promise<void> };

export function createScanCallbacks(parts: {
  db: Db;
  /** Links in the report point here: the receiver is not a browser on one of our hosts. */
  publicUrl: string;
  secretFor: (accountUid: string) => Promise<string>;
  network: WebhookNetwork;
  log: FastifyBaseLogger;
}): ScanCallbacks {
  return {
    async notify(scan) {
      const url = scan.options.callback_url;
      if (!url || scan.user_id === null) return;
      const owner = await findUserById(parts.db, scan.user_id);
      if (!owner) return;
      const payload = { uid: scan.uid, status: scan.status, data: scan.status === 'done' ? presentResult(scan, parts.publicUrl) : null };
      const outcome = await deliverWithRetries(url, payload, await parts.secretFor(owner.uid), parts.network);
      parts.log[outcome.ok ? 'info' : 'warn'](
        { scanUid: scan.uid, ...outcome },
        outcome.ok ? 'scan callback delivered' : 'scan callback failed',
      );
    },
  };
}

/** The callbacks as configured: signed with the account's secret, leaving through the scanner's egress rules. */
export function configuredScanCallbacks(config: Config, db: Db, log: FastifyBaseLogger): ScanCallbacks {
  return createScanCallbacks({
    db,
    publicUrl: config.publicUrl,
    secretFor: accountSecrets(config),
    network: {
      resolver: createResolver({ servers: config.scanner.dnsServers }),
      allowPrivateNetworks: config.scanner.allowPrivateNetworks,
    },
    log,
  });
}
