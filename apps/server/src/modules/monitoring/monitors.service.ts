import { randomUUID } from 'node:crypto';
import type { LookalikePage, Monitor, MonitorInput, MonitorPatch, MonitorQuota } from '@riskscan/contracts';
import { checkEgressTarget, EgressRefusedError } from '@riskscan/scanner';
import { deliveriesOf, type DeliveryRow, dropHeldDeliveries, forgetDeliveries, newWebhookSecret } from '../webhooks/index.ts';
import { alertEmailSetting } from './alert-email-confirmation.ts';
import type { Discovery } from './discovery.ts';
import { countLookalikes, historyOf, pageOfLookalikes } from './lookalikes.repository.ts';
import { MonitorInputError, MonitorNotFoundError } from './monitoring-errors.ts';
import type { MonitoringContext } from './monitoring-context.ts';
import { presentLookalike, presentMonitor } from './monitor-presenter.ts';
import {
  countMonitors,
  deleteMonitor,
  findMonitor,
  insertMonitor,
  latestRuns,
  type MonitorRow,
  type MonitorRunRow,
  monitorsOf,
  openRun,
  updateMonitor,
} from './monitors.repository.ts';
import { parseWatchedDomain } from './watched-domain.ts';

export const MONITOR_RUN_JOB = 'monitor-run';
export type MonitorRunJob = { runUid: string };

/** What the routes and the scheduler need beyond the shared context: the queue runs go to, and discovery. */
export type MonitorsService = MonitoringContext & { runs: { enqueue(job: MonitorRunJob): Promise<void> }; discovery: Discovery };

export const LOOKALIKES_PAGE_SIZE = 50;
export const ALREADY_WATCHED = 'You already watch this domain.';
export const quotaReached = (limit: number) =>
  limit === 0
    ? 'Your plan does not include domain monitoring.'
    : `Your plan watches up to ${limit} domain${limit === 1 ? '' : 's'}. Remove one or upgrade your plan to watch more.`;

/** A webhook must be a URL the egress guard lets us call: checked when it is set, and again on every delivery. */
async function assertWebhookReachable(ctx: MonitoringContext, url: string | null | undefined): Promise<void> {
  if (!url) return;
  try {
    await checkEgressTarget(new URL(url), ctx.network);
  } catch (error) {
    if (error instanceof EgressRefusedError)
      throw new MonitorInputError('webhook_url', `This webhook URL cannot be called: ${error.message}`);
    throw error;
  }
}

export async function ownMonitor(ctx: MonitoringContext, userId: number, uid: string): Promise<MonitorRow> {
  const monitor = await findMonitor(ctx.db, uid);
  if (!monitor || monitor.user_id !== userId) throw new MonitorNotFoundError();
  return monitor;
}

async function present(ctx: MonitoringContext, userId: number, monitors: MonitorRow[], secret?: string): Promise<Monitor[]> {
  const ids = monitors.map((monitor) => monitor.id);
  const [terms, counts, runs] = await Promise.all([ctx.planOf(userId), countLookalikes(ctx.db, ids), latestRuns(ctx.db, ids)]);
  const lastRun = new Map(runs.map((run) => [run.monitor_id, run]));
  return monitors.map((monitor) =>
    presentMonitor(monitor, {
      checkInterval: terms.monitor_check,
      lookalikes: counts.get(monitor.id) ?? 0,
      lastRun: lastRun.get(monitor.id),
      ...(secret ? { secret } : {}),
    }),
  );
}

/** Opens a run unless one is open already, and queues it: the scheduler and "check now" both come here. */
export async function startRun(ctx: MonitorsService, monitor: MonitorRow, trigger: MonitorRunRow['trigger']): Promise<MonitorRunRow> {
  const { run, created } = await openRun(ctx.db, monitor.id, randomUUID(), trigger);
  if (created) await ctx.runs.enqueue({ runUid: run.uid });
  return run;
}

export async function createMonitor(ctx: MonitorsService, userId: number, input: MonitorInput): Promise<Monitor> {
  const parsed = parseWatchedDomain(input.domain);
  if (!parsed.ok) throw new MonitorInputError('domain', parsed.message);
  await assertWebhookReachable(ctx, input.webhook_url);
  const terms = await ctx.planOf(userId);
  if ((await countMonitors(ctx.db, userId)) >= terms.monitors_count) throw new MonitorInputError(null, quotaReached(terms.monitors_count));
  const secret = newWebhookSecret();
  const alertEmail = await alertEmailSetting(ctx, userId, input.alert_email ?? null, null);
  const monitor = await insertMonitor(ctx.db, {
    uid: randomUUID(),
    user_id: userId,
    domain: parsed.domain,
    keywords: [...new Set(input.keywords)],
    alert_email: null,
    alert_email_confirmed_at: null,
    alert_email_token_hash: null,
    ...alertEmail.changes,
    webhook_url: input.webhook_url ?? null,
    webhook_secret: secret,
    alert_mode: input.alert_mode,
    // The first run starts now; the schedule takes over from there.
    next_run_at: ctx.now(),
  });
  if (!monitor) throw new MonitorInputError('domain', ALREADY_WATCHED);
  await alertEmail.sendConfirmation?.(monitor.domain);
  const [presented] = await present(ctx, userId, [monitor], secret);
  return presented!;
}

export async function monitorQuota(ctx: MonitoringContext, userId: number): Promise<MonitorQuota> {
  const [terms, used] = await Promise.all([ctx.planOf(userId), countMonitors(ctx.db, userId)]);
  return { used, limit: terms.monitors_count, check_interval: terms.monitor_check };
}

export async function listMonitors(ctx: MonitoringContext, userId: number): Promise<Monitor[]> {
  return present(ctx, userId, await monitorsOf(ctx.db, userId));
}

export async function getMonitor(ctx: MonitoringContext, userId: number, uid: string): Promise<Monitor> {
  const [presented] = await present(ctx, userId, [await ownMonitor(ctx, userId, uid)]);
  return presented!;
}

export async function changeMonitor(ctx: MonitoringContext, userId: number, uid: string, patch: MonitorPatch): Promise<Monitor> {
  const monitor = await ownMonitor(ctx, userId, uid);
  await assertWebhookReachable(ctx, patch.webhook_url);
  const alertEmail = patch.alert_email === undefined ? null : await alertEmailSetting(ctx, userId, patch.alert_email, monitor);
  const updated = await updateMonitor(ctx.db, monitor.id, {
    ...patch,
    ...(patch.keywords ? { keywords: [...new Set(patch.keywords)] } : {}),
    ...alertEmail?.changes,
  });
  if (alertEmail && monitor.alert_email && !monitor.alert_email_confirmed_at && alertEmail.changes.alert_email !== monitor.alert_email) {
    await dropHeldDeliveries(ctx.db, {
      kind: 'monitor_alert',
      sourceId: String(monitor.id),
      channel: 'email',
      target: monitor.alert_email,
    });
  }
  await alertEmail?.sendConfirmation?.(monitor.domain);
  const [presented] = await present(ctx, userId, [updated ?? monitor]);
  return presented!;
}

export async function removeMonitor(ctx: MonitoringContext, userId: number, uid: string): Promise<void> {
  const { id } = await ownMonitor(ctx, userId, uid);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteMonitor(trx, id);
    await forgetDeliveries(trx, 'monitor_alert', String(id));
  });
}

export async function checkNow(ctx: MonitorsService, userId: number, uid: string): Promise<MonitorRunRow> {
  return startRun(ctx, await ownMonitor(ctx, userId, uid), 'manual');
}

export async function lookalikesPage(
  ctx: MonitoringContext,
  userId: number,
  uid: string,
  query: { status?: LookalikePage['results'][number]['status'] | undefined; page: number },
  pageLink: (page: number) => string,
): Promise<LookalikePage> {
  const monitor = await ownMonitor(ctx, userId, uid);
  const { count, rows } = await pageOfLookalikes(ctx.db, monitor.id, {
    status: query.status,
    offset: (query.page - 1) * LOOKALIKES_PAGE_SIZE,
    limit: LOOKALIKES_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(count / LOOKALIKES_PAGE_SIZE));
  if (query.page > pages) throw new MonitorNotFoundError();
  const history = await historyOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    count,
    next: query.page < pages ? pageLink(query.page + 1) : null,
    previous: query.page > 1 ? pageLink(query.page - 1) : null,
    results: rows.map((row) =>
      presentLookalike(
        row,
        history.filter((event) => event.lookalike_id === row.id),
      ),
    ),
  };
}

export async function deliveryLog(ctx: MonitoringContext, userId: number, uid: string): Promise<DeliveryRow[]> {
  return deliveriesOf(ctx.db, 'monitor_alert', String((await ownMonitor(ctx, userId, uid)).id));
}
