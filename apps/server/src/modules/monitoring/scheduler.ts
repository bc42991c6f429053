import { deliverDueAlerts, flushAlerts } from './alerts.ts';
import { CHECK_INTERVAL_MS } from './monitor-plans.ts';
import { refreshNrdFeed } from './discovery.ts';
import { alertsDue, claimDueMonitors, resumableRunUids, setNextRun } from './monitors.repository.ts';
import { type MonitorsService, startRun } from './monitors.service.ts';
import { settleOverdueRuns } from './page-scan-follow-up.ts';
import { checkDueTakedowns } from './takedown/takedown.service.ts';

/** The shortest interval any plan checks at: a claimed monitor is not due again before it. */
const CLAIM_LEASE_MS = CHECK_INTERVAL_MS.hourly;
/** A run queued this long ago and never started was lost by its queue (a restart of the in-process one). */
const LOST_QUEUED_RUN_MS = 15 * 60_000;

/**
 * One beat of domain monitoring, the same whoever calls it (the in-process timer, or BullMQ's
 * repeatable job on a worker): start the runs that are due, take up runs a dead worker left,
 * end runs whose page scans were lost, take the day's newly-registered-domain list, recheck takedown cases whose hour came, queue the alerts that are due and send every
 * alert delivery whose turn has come. Every step claims its
 * rows in the database first, so two schedulers ticking at once do each thing once.
 */
export async function monitoringTick(service: MonitorsService): Promise<void> {
  const now = service.now();
  const due = await service.db.transaction().execute((trx) => claimDueMonitors(trx, now, CLAIM_LEASE_MS));
  for (const monitor of due) {
    const terms = await service.planOf(monitor.user_id);
    await setNextRun(service.db, monitor.id, new Date(now.getTime() + CHECK_INTERVAL_MS[terms.monitor_check]));
    await startRun(service, monitor, 'schedule');
  }
  for (const runUid of await resumableRunUids(service.db, now, new Date(now.getTime() - LOST_QUEUED_RUN_MS)))
    await service.runs.enqueue({ runUid });
  await settleOverdueRuns(service);
  try {
    await refreshNrdFeed(service, service.discovery);
  } catch (error) {
    service.log.warn({ err: error }, 'newly-registered-domain feed not taken');
  }
  await checkDueTakedowns(service);
  await sendDueAlerts(service);
}

/** Queues the alerts that are due (live monitors with news, digests whose time came) and sends what the delivery log has due. */
export async function sendDueAlerts(service: MonitorsService): Promise<void> {
  for (const monitor of await alertsDue(service.db, service.now())) await flushAlerts(service, monitor);
  await deliverDueAlerts(service);
}
