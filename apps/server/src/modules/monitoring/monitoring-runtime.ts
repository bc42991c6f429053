import { createResolver, type ScannerOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { findUserById } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { Entitlements } from '../billing/index.ts';
import type { ScanQueue } from '../scans/index.ts';
import type { Deliveries } from '../webhooks/index.ts';
import { longestScanMs } from '../scans/index.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { monitorTermsOfPlan } from './monitor-plans.ts';

export type MonitoringParts = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  deliveries: Pick<Deliveries, 'deliverDue'>;
  scanQueue: ScanQueue;
  /** Which plan an account is on, for its monitoring terms (billing). */
  entitlements: Pick<Entitlements, 'planName'>;
  /** Extra scanner settings (tests: the fixture world's resolver, CA and ports). */
  scanner?: ScannerOptions | undefined;
};

/** What running monitors needs, built the same way by the API process and `worker.ts`. */
export function createMonitoringContext(parts: MonitoringParts): MonitoringContext {
  const { config, db } = parts;
  const network = parts.scanner?.network ?? {};
  return {
    db,
    log: parts.log,
    config: config.monitoring,
    // A ready resolver (tests: the fixture world's) names its servers; look-alikes resolve there too.
    dnsServers: network.dnsServers ?? network.resolver?.servers ?? config.scanner.dnsServers,
    network: {
      resolver: network.resolver ?? createResolver({ servers: config.scanner.dnsServers }),
      allowPrivateNetworks: network.allowPrivateNetworks ?? config.scanner.allowPrivateNetworks,
      connectPorts: network.connectPorts ?? config.scanner.connectPorts,
      ...(network.trustedCertificates ? { trustedCertificates: network.trustedCertificates } : {}),
    },
    scans: { db, queue: parts.scanQueue, longestMs: longestScanMs(config.scanService) },
    // The scans' registration check reads the same registry (tests: a local stand-in).
    rdap: {
      ...(parts.scanner?.rdapBootstrapUrl ? { bootstrapUrl: parts.scanner.rdapBootstrapUrl } : {}),
      ...(parts.scanner?.rdapAddressBootstrapUrls ? { addressBootstrapUrls: parts.scanner.rdapAddressBootstrapUrls } : {}),
      recent: new Map(),
    },
    mailer: parts.mailer,
    deliveries: parts.deliveries,
    publicUrl: config.publicUrl,
    planOf: async (userId) => monitorTermsOfPlan(db, await parts.entitlements.planName(userId)),
    emailOf: async (userId) => (await findUserById(db, userId))?.email,
    now: () => new Date(),
  };
}
