import type { ScannerOptions, ScanNetworkOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { findUserById } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { Entitlements } from '../billing/index.ts';
import type { ScanQueue } from '../scans/index.ts';
import type { Deliveries, WebhookNetwork } from '../webhooks/index.ts';
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
  /**
   * The assembly's scanner settings over its one egress network (tests: the fixture world's
   * resolver, CA and ports): look-alikes resolve, and registries and alerts are reached, there.
   */
  scanner: ScannerOptions & { network: ScanNetworkOptions & WebhookNetwork & { dnsServers: readonly string[] } };
};

/** What running monitors needs, built the same way by the API process and `worker.ts`. */
export function createMonitoringContext(parts: MonitoringParts): MonitoringContext {
  const { config, db } = parts;
  const { network } = parts.scanner;
  return {
    db,
    log: parts.log,
    config: config.monitoring,
    dnsServers: network.dnsServers,
    network: {
      resolver: network.resolver,
      allowPrivateNetworks: network.allowPrivateNetworks,
      connectPorts: network.connectPorts,
      ...(network.trustedCertificates ? { trustedCertificates: network.trustedCertificates } : {}),
    },
    scans: { db, queue: parts.scanQueue, longestMs: longestScanMs(config.scanService) },
    // The scans' registration check reads the same registry (tests: a local stand-in).
    rdap: {
      ...(parts.scanner.rdapBootstrapUrl ? { bootstrapUrl: parts.scanner.rdapBootstrapUrl } : {}),
      ...(parts.scanner.rdapAddressBootstrapUrls ? { addressBootstrapUrls: parts.scanner.rdapAddressBootstrapUrls } : {}),
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
