import { randomUUID } from 'node:crypto';
import type { BrandPage, BrandPageInput } from '@riskscan/contracts';
import { type PageFingerprints, structureHash } from '@riskscan/scanner';
import { findScanByUid, findScanPage, requestServiceScan } from '../../scans/index.ts';
import { MonitorInputError, MonitorNotFoundError } from '../monitoring-errors.ts';
import type { MonitoringContext } from '../monitoring-context.ts';
import { ownMonitor } from '../monitors.service.ts';
import {
  type BrandPageRow,
  brandPagesOf,
  deleteBrandPage,
  findBrandPageByScan,
  insertBrandPage,
  saveBrandPageFingerprints,
} from './brand-pages.repository.ts';
import type { FingerprintedPage } from './page-copies.ts';

/** A monitor compares look-alikes with at most this many of the brand's own pages. */
export const MAX_BRAND_PAGES = 5;
export const NOT_OWN_PAGE = 'Register a page of the watched domain itself (or one of its subdomains).';
export const TOO_MANY_BRAND_PAGES = `A watched domain compares look-alikes with up to ${MAX_BRAND_PAGES} of your pages. Remove one first.`;
export const ALREADY_REGISTERED = 'This page is registered already.';

const onWatchedDomain = (url: URL, domain: string) => url.hostname === domain || url.hostname.endsWith(`.${domain}`);

export function presentBrandPage(row: BrandPageRow): BrandPage {
  return {
    uid: row.uid,
    url: row.url,
    kind: row.kind,
    ready: row.fingerprints !== null,
    scan_uid: row.scan_uid,
    screenshot_link: row.screenshot_link,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Registers one of the brand's real pages: it is scanned like a look-alike (browser, screenshot),
 * and once the scan ends its fingerprints are kept for every later look-alike scan to be compared with.
 */
export async function registerBrandPage(
  ctx: MonitoringContext,
  userId: number,
  monitorUid: string,
  input: BrandPageInput,
): Promise<BrandPage> {
  const monitor = await ownMonitor(ctx, userId, monitorUid);
  const url = new URL(input.url);
  if (!['http:', 'https:'].includes(url.protocol) || !onWatchedDomain(url, monitor.domain))
    throw new MonitorInputError('url', NOT_OWN_PAGE);
  const pages = await brandPagesOf(ctx.db, monitor.id);
  if (pages.some((page) => page.url === url.href)) throw new MonitorInputError('url', ALREADY_REGISTERED);
  if (pages.length >= MAX_BRAND_PAGES) throw new MonitorInputError('url', TOO_MANY_BRAND_PAGES);
  const scanUid = randomUUID();
  // Kept before the scan is queued: it may end before `requestServiceScan` returns.
  const row = await insertBrandPage(ctx.db, { uid: randomUUID(), monitorId: monitor.id, url: url.href, kind: input.kind, scanUid });
  if (!row) throw new MonitorInputError('url', ALREADY_REGISTERED);
  await requestServiceScan(ctx.scans, { uid: scanUid, userId, url: url.href, protectedDomains: [] });
  return presentBrandPage(row);
}

export async function brandPages(ctx: MonitoringContext, userId: number, monitorUid: string): Promise<BrandPage[]> {
  const monitor = await ownMonitor(ctx, userId, monitorUid);
  return (await brandPagesOf(ctx.db, monitor.id)).map(presentBrandPage);
}

export async function removeBrandPage(ctx: MonitoringContext, userId: number, monitorUid: string, uid: string): Promise<void> {
  const monitor = await ownMonitor(ctx, userId, monitorUid);
  if (!(await deleteBrandPage(ctx.db, monitor.id, uid))) throw new MonitorNotFoundError();
}

/**
 * A finished scan's fingerprints: the screenshot, top fold and favicon hashes the browser stage
 * computed, and the DOM structure from the page the scan kept (so a scan without a browser still has one).
 */
export async function scanFingerprints(
  ctx: MonitoringContext,
  scanUid: string,
): Promise<{ fingerprints: PageFingerprints; screenshot: string | null } | null> {
  const scan = await findScanByUid(ctx.scans.db, scanUid);
  if (scan?.status !== 'done' || !scan.result) return null;
  const capture = scan.result.capture;
  const page = await findScanPage(ctx.scans.db, scan.id);
  return {
    fingerprints: {
      screenshot: capture?.screenshot_hash ?? null,
      topFold: capture?.top_fold_hash ?? null,
      favicon: capture?.favicon_hash ?? null,
      structure: capture?.dom_simhash ?? (page ? structureHash(page.html) : null),
    },
    screenshot: scan.result.screenshot_link ?? null,
  };
}

/** The scans' end: a brand page awaiting this scan keeps its fingerprints. True when the scan was one. */
export async function recordBrandPageScan(ctx: MonitoringContext, scanUid: string): Promise<boolean> {
  const row = await findBrandPageByScan(ctx.db, scanUid);
  if (!row) return false;
  const scanned = await scanFingerprints(ctx, scanUid);
  if (scanned) await saveBrandPageFingerprints(ctx.db, row.id, scanned.fingerprints, scanned.screenshot);
  return true;
}

/** The monitor's brand pages that have fingerprints, for look-alike scans to be compared with. */
export async function fingerprintedBrandPages(ctx: MonitoringContext, monitorId: number): Promise<FingerprintedPage[]> {
  return (await brandPagesOf(ctx.db, monitorId)).flatMap((row) =>
    row.fingerprints ? [{ url: row.url, kind: row.kind, fingerprints: row.fingerprints }] : [],
  );
}
