import { scanEnded } from '@riskscan/contracts';
import { findScanByUid } from '../scans/index.ts';
import { deliverDueAlerts, flushAlerts } from './alerts.ts';
import { fingerprintedBrandPages, scanFingerprints } from './brand-pages/brand-pages.service.ts';
import { closestCopy, similarityOf } from './brand-pages/page-copies.ts';
import { findLookalike } from './lookalikes.repository.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { completeRun, findMonitorById, findRunById, runsPastPageDeadline } from './monitors.repository.ts';
import { observePage, type PageSeen } from './observations.ts';
import { pageVerdict } from './page-check.ts';
import { recordRegistrationDates } from './registration-dates.ts';
import { countPageScans, dropPageScan, findPageScan, pageScansOfRun, type PendingPageScan } from './page-scans.repository.ts';

type ScanRow = NonNullable<Awaited<ReturnType<typeof findScanByUid>>>;

/** The brand page the look-alike's page copies (issue 39), compared by the fingerprints of both scans. */
async function copyOf(ctx: MonitoringContext, monitorId: number, scanUid: string) {
  const brandPages = await fingerprintedBrandPages(ctx, monitorId);
  if (brandPages.length === 0) return null;
  const scanned = await scanFingerprints(ctx, scanUid);
  return scanned ? closestCopy(scanned.fingerprints, brandPages) : null;
}

/** What the scan says of the page; a failed (or lost) scan is tried again next run: no content hash is kept for it. */
async function pageScanned(ctx: MonitoringContext, pending: PendingPageScan, scan: ScanRow | undefined): Promise<PageSeen> {
  if (scan?.status !== 'done' || !scan.result) return { page: undefined, facts: scan ? { scan_uid: scan.uid } : {} };
  const copy = await copyOf(ctx, pending.monitor_id, scan.uid);
  return {
    page: { ...pageVerdict(scan.result, pending.similarity_html), copies: copy !== null },
    facts: {
      scan_uid: scan.uid,
      risk_score: scan.result.overall_risk,
      screenshot_link: scan.result.screenshot_link ?? null,
      content_hash: pending.content_hash,
      similarity_html: pending.similarity_html,
      similarity_visual: copy ? similarityOf(copy) : null,
      copy_of: copy,
    },
  };
}

/**
 * Ends a run whose name pass is over and whose page scans are all recorded. Several callers may
 * get here at once (the last follow-ups, the name pass itself): each queues the live alerts (the
 * alerts claim their events, so none doubles) and one marks the run done. Alerts are queued before
 * the run reads as done, so whoever sees it done sees its alerts too.
 */
export async function finishIfSettled(ctx: MonitoringContext, runId: number): Promise<void> {
  if ((await countPageScans(ctx.db, runId)) > 0) return;
  const run = await findRunById(ctx.db, runId);
  if (!run || run.status !== 'running' || run.names_done_at === null) return;
  const monitor = await findMonitorById(ctx.db, run.monitor_id);
  if (monitor?.alert_mode === 'live') await flushAlerts(ctx, monitor);
  if (await completeRun(ctx.db, runId, ctx.now())) await deliverDueAlerts(ctx);
}

/**
 * The follow-up of a page scan a run asked for: records the page once the scan ended, then ends
 * the run if it was the last. `giveUp` records a scan that has not ended as failed (its run is
 * past the longest a scan can take).
 */
export async function recordPageScan(ctx: MonitoringContext, scanUid: string, giveUp = false): Promise<void> {
  const pending = await findPageScan(ctx.db, scanUid);
  if (!pending) return;
  const scan = await findScanByUid(ctx.scans.db, scanUid);
  if (!giveUp && !(scan && scanEnded(scan.status))) return;
  const target = { ctx, monitorId: pending.monitor_id, source: `run:${pending.run_uid}` };
  const name = { domain: pending.domain, fuzzer: pending.fuzzer, dns: pending.dns };
  await observePage(target, name, await findLookalike(ctx.db, pending.monitor_id, pending.domain), await pageScanned(ctx, pending, scan));
  // A look-alike first seen through its page has no row when the name pass asks registries: asked here.
  await recordRegistrationDates(ctx, pending.monitor_id, new Set([pending.domain]));
  await dropPageScan(ctx.db, scanUid);
  await finishIfSettled(ctx, pending.run_id);
}

/** A scheduler step: runs whose page scans outlived the longest a scan can take (lost on the way) are recorded and ended. */
export async function settleOverdueRuns(ctx: MonitoringContext): Promise<void> {
  for (const run of await runsPastPageDeadline(ctx.db, ctx.now())) {
    for (const pending of await pageScansOfRun(ctx.db, run.id)) await recordPageScan(ctx, pending.scan_uid, true);
    await finishIfSettled(ctx, run.id);
  }
}
