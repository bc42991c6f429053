import { SCAN_PERMALINK_PREFIX } from '@riskscan/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { PageMeta } from '../../plugins/spa-meta.ts';
import { requestOrigin } from './own-links.ts';
import { presentResult } from './scan-presenter.ts';
import { findScanByUid, findSharedScan } from './scans.repository.ts';

const UID = /^[\w-]{1,64}$/;

/**
 * The link-preview title and description of a public scan's permalink page. Private scans get the
 * app's defaults: a preview is fetched by whoever the link was sent to, signed in or not.
 */
export function scanPageMeta(db: Db): (request: FastifyRequest) => Promise<PageMeta | null> {
  return async (request) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (!pathname.startsWith(SCAN_PERMALINK_PREFIX)) return null;
    const uid = decodeURIComponent(pathname.slice(SCAN_PERMALINK_PREFIX.length).replace(/\/$/, ''));
    if (!UID.test(uid)) return null;
    const scan = await findSharedScan(db, uid);
    const origin = requestOrigin(request);
    // The preview says what the report says: an unlisted scan's secret stays out of its title too.
    const result = scan && presentResult(scan, origin);
    if (!scan || !result) return null;
    const level = result.risk_score_text.name;
    const when = (scan.finished_at ?? scan.created_at).toISOString().slice(0, 10);
    const classes = result.classification.map((entry) => entry.name).join(', ');
    const reach = result.reachable === false ? ' The page could not be loaded.' : '';
    return {
      title: `${level} (${result.overall_risk}/100): ${result.url} | riskscan`,
      description: `riskscan scanned ${result.url} on ${when}: risk score ${result.overall_risk}/100, ${level}.${classes ? ` ${classes}.` : ''}${reach}`,
      url: `${origin}${pathname}`,
      image: result.screenshot_link,
    };
  };
}

/**
 * Whether a page address is a scan permalink for a scan that does not exist, so the app's page
 * answers 404 while it still renders its not-found screen. A private scan exists: its owner
 * opens it signed in, which the server cannot see on a page load.
 */
export function missingScanPage(db: Db): (pathname: string) => Promise<boolean> {
  return async (pathname) => {
    if (!pathname.startsWith(SCAN_PERMALINK_PREFIX)) return false;
    const uid = safeDecode(pathname.slice(SCAN_PERMALINK_PREFIX.length).replace(/\/$/, ''));
    if (uid === null || !UID.test(uid)) return true;
    return (await findScanByUid(db, uid)) === undefined;
  };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
