import type { GuardedFetchOptions } from '@riskscan/scanner';
import type { FastifyBaseLogger } from 'fastify';
import type { MonitoringConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../mail/index.ts';
import type { ScanQueue } from '../scans/index.ts';
import type { Deliveries, WebhookNetwork } from '../webhooks/index.ts';
import type { MonitorPlanTerms } from './monitor-plans.ts';
import type { RegistrationLookups } from './registration-dates.ts';

/** Everything runs, alerts and the scheduler need; the API process and `worker.ts` build the same. */
export type MonitoringContext = {
  db: Db;
  log: FastifyBaseLogger;
  config: MonitoringConfig;
  /** `SCAN_DNS_SERVERS`: look-alikes resolve where scans resolve. */
  dnsServers: readonly string[];
  /** How pages of look-alikes are fetched and webhooks leave: the scanner's egress policy. */
  network: Omit<GuardedFetchOptions, 'signal'> & WebhookNetwork;
  /** Where look-alike pages are scanned, and the longest such a scan may take (a run waits no longer for its pages). */
  scans: { db: Db; queue: ScanQueue; longestMs: number };
  /** Where registration dates come from: the scans' RDAP bootstrap file (IANA's unless set), and this process's recent answers. */
  rdap: { bootstrapUrl?: string; addressBootstrapUrls?: { ipv4: string; ipv6: string }; recent: RegistrationLookups };
  mailer: Mailer;
  /** The delivery log alerts are queued in and sent from (webhooks). */
  deliveries: Pick<Deliveries, 'deliverDue'>;
  publicUrl: string;
  planOf(userId: number): Promise<MonitorPlanTerms>;
  emailOf(userId: number): Promise<string | undefined>;
  now(): Date;
};
