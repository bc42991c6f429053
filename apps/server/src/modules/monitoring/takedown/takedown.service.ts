import { randomUUID } from 'node:crypto';
import { isTakedownWorthy, type CheckResult, type TakedownCase } from '@riskscan/contracts';
import { guardedFetch, lookupNetworkRegistration, lookupRegistration } from '@riskscan/scanner';
import { InvalidError } from '../../../domain-errors.ts';
import { findScanByUid } from '../../scans/index.ts';
import { firstSeenInCtLogs } from '../ct-log/index.ts';
import { findLookalike, historyOf, type LookalikeRow } from '../lookalikes.repository.ts';
import { MonitorNotFoundError } from '../monitoring-errors.ts';
import type { MonitoringContext } from '../monitoring-context.ts';
import { ownMonitor } from '../monitors.service.ts';
import { LOOKALIKE_FETCH_TIMEOUT_MS } from '../page-check.ts';
import { abuseReport } from './abuse-report.ts';
import {
  claimDueTakedownChecks,
  findTakedownCase,
  openTakedownCase,
  recordTakedownCheck,
  type TakedownCaseRow,
  takedownCasesOfMonitor,
  type TakedownPack,
} from './takedown-cases.repository.ts';
import { textPdf } from './text-pdf.ts';

/** How often an open case is checked: often enough to time a takedown to the hour. */
export const TAKEDOWN_RECHECK_MS = 60 * 60_000;
const CHECKS_PER_TICK = 20;

export const NOT_MALICIOUS =
  'A takedown pack is for a look-alike judged malicious: this one has not been found suspicious. Check it again first.';
export class TakedownRefusedError extends InvalidError {}

/** What the scan found, in the report's words: the findings that raised the score, highest first. */
function reasonsOf(result: CheckResult | null): string[] {
  if (!result) return [];
  return result.checks
    .flatMap((category) => category.details)
    .filter((detail) => detail.risk_score > 0 && detail.is_active)
    .sort((a, b) => b.risk_score - a.risk_score)
    .slice(0, 8)
    .map((detail) => `${detail.title}: ${detail.message}`);
}

async function evidenceOf(
  ctx: MonitoringContext,
  row: LookalikeRow,
  now: Date,
): Promise<TakedownPack['evidence'] & { ctSeen: Date | null }> {
  const scan = row.scan_uid ? await findScanByUid(ctx.db, row.scan_uid) : undefined;
  const result = scan?.result ?? null;
  const ctSeen = await firstSeenInCtLogs(ctx.db, row.domain);
  const history = await historyOf(ctx.db, [row.id]);
  const timeline = [
    { at: row.first_seen, event: 'first seen by the monitor' },
    ...(row.registered_at ? [{ at: row.registered_at, event: 'registered (RDAP)' }] : []),
    ...(ctSeen ? [{ at: ctSeen, event: 'first certificate in a Certificate Transparency log' }] : []),
    ...history.map((change) => ({ at: change.at, event: `status: ${change.status}` })),
    ...(scan?.finished_at ? [{ at: scan.finished_at, event: `scanned: risk ${result?.overall_risk ?? 'unknown'}/100` }] : []),
    { at: now, event: 'takedown pack prepared' },
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    risk_score: row.risk_score,
    reasons: reasonsOf(result),
    scan_uid: row.scan_uid,
    screenshot_link: row.screenshot_link,
    final_url: result?.final_url ?? null,
    // The scan's address, else where the name pointed when the monitor last resolved it.
    ip: result?.ip ?? row.dns.a[0] ?? row.dns.aaaa[0] ?? null,
    certificate: result?.certificate
      ? {
          issuer: result.certificate.issuer,
          valid_from: result.certificate.valid_from,
          subject_alt_names: result.certificate.subject_alt_names,
        }
      : null,
    timeline: timeline.map((entry) => ({ at: entry.at.toISOString(), event: entry.event })),
    ctSeen,
  };
}

/** Who to write to: the registrar (RDAP for the domain) and the network holding the address (RDAP for the IP). */
async function contactsOf(
  ctx: MonitoringContext,
  domain: string,
  ip: string | null,
  now: Date,
): Promise<Pick<TakedownPack, 'registrar' | 'hosting'>> {
  const fetchOptions = { ...ctx.network, timeoutMs: LOOKALIKE_FETCH_TIMEOUT_MS };
  const [registration, network] = await Promise.all([
    lookupRegistration(domain, { fetchOptions, ...(ctx.rdap.bootstrapUrl ? { bootstrapUrl: ctx.rdap.bootstrapUrl } : {}), now }),
    ip
      ? lookupNetworkRegistration(ip, {
          fetchOptions,
          ...(ctx.rdap.addressBootstrapUrls ? { bootstrapUrls: ctx.rdap.addressBootstrapUrls } : {}),
          now,
        })
      : null,
  ]);
  return {
    registrar: {
      name: registration?.registrar ?? null,
      abuse_email: registration?.abuseEmail ?? null,
      registered_at: registration?.registered ?? null,
    },
    hosting: {
      name: network?.holder ?? network?.name ?? null,
      abuse_email: network?.abuseEmail ?? null,
      network: network?.handle ?? null,
      range: network?.range ?? null,
      country: network?.country ?? null,
    },
  };
}

const scanLink = (publicUrl: string, scanUid: string | null) => (scanUid ? `${publicUrl.replace(/\/+$/, '')}/scan/${scanUid}` : null);

export function presentTakedownCase(row: TakedownCaseRow): TakedownCase {
  return {
    uid: row.uid,
    domain: row.domain,
    status: row.status,
    ...row.pack,
    report: row.report,
    reported_at: row.reported_at.toISOString(),
    last_checked_at: row.last_checked_at?.toISOString() ?? null,
    down_at: row.down_at?.toISOString() ?? null,
    time_to_takedown_seconds: row.down_at ? Math.round((row.down_at.getTime() - row.reported_at.getTime()) / 1000) : null,
    checks: row.checks,
  };
}

/**
 * Prepares the takedown pack of a look-alike judged malicious and opens its case: contacts from
 * RDAP, the evidence the monitor and its scan gathered, and the abuse report. Asking again for a
 * look-alike with an open case returns that case.
 */
export async function prepareTakedown(ctx: MonitoringContext, userId: number, monitorUid: string, domain: string): Promise<TakedownCase> {
  const monitor = await ownMonitor(ctx, userId, monitorUid);
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  const existing = await findTakedownCase(ctx.db, monitor.id, { domain: name });
  if (existing) return presentTakedownCase(existing);
  const row = await findLookalike(ctx.db, monitor.id, name);
  if (!row) throw new MonitorNotFoundError();
  if (!isTakedownWorthy(row)) throw new TakedownRefusedError({ domain: [NOT_MALICIOUS] });
  const now = ctx.now();
  const { ctSeen: _ctSeen, ...evidence } = await evidenceOf(ctx, row, now);
  const contacts = await contactsOf(ctx, row.domain, evidence.ip, now);
  const pack: TakedownPack = { ...contacts, evidence };
  const report = abuseReport({
    domain: row.domain,
    ...pack,
    watchedDomain: monitor.domain,
    reportUrl: scanLink(ctx.publicUrl, row.scan_uid),
    reportedAt: now,
  });
  const opened = await openTakedownCase(ctx.db, {
    uid: randomUUID(),
    monitorId: monitor.id,
    domain: row.domain,
    pack,
    report,
    now,
    nextCheckAt: new Date(now.getTime() + TAKEDOWN_RECHECK_MS),
  });
  return presentTakedownCase(opened);
}

export async function takedownCases(ctx: MonitoringContext, userId: number, monitorUid: string): Promise<TakedownCase[]> {
  const monitor = await ownMonitor(ctx, userId, monitorUid);
  return (await takedownCasesOfMonitor(ctx.db, monitor.id)).map(presentTakedownCase);
}

async function ownCase(ctx: MonitoringContext, userId: number, monitorUid: string, caseUid: string): Promise<TakedownCaseRow> {
  const monitor = await ownMonitor(ctx, userId, monitorUid);
  const row = await findTakedownCase(ctx.db, monitor.id, { uid: caseUid });
  if (!row) throw new MonitorNotFoundError();
  return row;
}

/** The abuse report as a file: plain text, or a PDF of the same text. */
export async function takedownReport(
  ctx: MonitoringContext,
  userId: number,
  monitorUid: string,
  caseUid: string,
  format: 'txt' | 'pdf',
): Promise<{ body: Buffer; filename: string }> {
  const row = await ownCase(ctx, userId, monitorUid, caseUid);
  const filename = `abuse-report-${row.domain}.${format}`;
  return format === 'pdf'
    ? { body: textPdf(row.report, `Abuse report: ${row.domain}`), filename }
    : { body: Buffer.from(row.report, 'utf8'), filename };
}

/**
 * Whether the site still serves: its home page answers below 400 over https or http. A suspended
 * domain stops resolving; a host that removed the content answers 403, 404, 410 or 451: both are down.
 */
async function siteUp(ctx: MonitoringContext, domain: string): Promise<boolean> {
  for (const url of [`https://${domain}/`, `http://${domain}/`]) {
    try {
      const response = await guardedFetch(url, { ...ctx.network, timeoutMs: LOOKALIKE_FETCH_TIMEOUT_MS, maxBytes: 64 * 1024 });
      if (response.status < 400) return true;
    } catch {
      // the next scheme, or down
    }
  }
  return false;
}

async function check(ctx: MonitoringContext, row: TakedownCaseRow): Promise<TakedownCaseRow> {
  const now = ctx.now();
  const up = await siteUp(ctx, row.domain);
  return recordTakedownCheck(ctx.db, row.id, { up, now, nextCheckAt: new Date(now.getTime() + TAKEDOWN_RECHECK_MS) });
}

/** Checks one case now (the "check now" button). */
export async function recheckTakedown(ctx: MonitoringContext, userId: number, monitorUid: string, caseUid: string): Promise<TakedownCase> {
  const row = await ownCase(ctx, userId, monitorUid, caseUid);
  return presentTakedownCase(row.status === 'down' ? row : await check(ctx, row));
}

/** The scheduler's part: checks the open cases whose hour has come, each claimed once across processes. */
export async function checkDueTakedowns(ctx: MonitoringContext): Promise<void> {
  const now = ctx.now();
  for (const row of await claimDueTakedownChecks(ctx.db, now, new Date(now.getTime() + TAKEDOWN_RECHECK_MS), CHECKS_PER_TICK)) {
    try {
      await check(ctx, row);
    } catch (error) {
      ctx.log.warn({ err: error, domain: row.domain }, 'takedown case not checked');
    }
  }
}
