import type { Capture, CaptureStatus } from '@riskscan/contracts';
import { collectStatic } from '../collect/collect-static.ts';
import { type Collected, isPageResponse, type RenderedPage, type RenderMiss } from '../collect/collected.ts';
import type { ScreenshotStore } from '../capture/screenshot-store.ts';
import type { EgressPolicy } from '../net/egress-guard.ts';
import type { RenderStage } from '../scan-options.ts';
import { CLOAKING_CRAWLER } from '../user-agents/crawler-agents.ts';
import { defaultUserAgent, deviceProfileFor } from '../user-agents/user-agent-catalogue.ts';
import { BrowserDeadlineError, type BrowserPool } from './browser-pool.ts';
import sharp from 'sharp';
import {
  capturePage,
  DEFAULT_CAPTURE_LIMITS,
  emptySnapshot,
  type CaptureLimits,
  type CodeBox,
  type PageSnapshot,
  type ServedDocument,
} from './capture-page.ts';
import { compareViews, type CloakingComparison, type PageView } from '../collect/cloaking.ts';
import { startEgressProxy, type EgressProxy } from './egress-proxy.ts';
import { newPageRecord, type PageRecord } from './page-recorder.ts';
import { pageFingerprints } from '../brand/page-fingerprints.ts';
import { pageLogoHash } from '../brand/logo-hash.ts';
import { perceptualHash } from '../brand/page-similarity.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import { dataImageBytes, qrCodeTexts } from '../qr/qr-decoder.ts';
import { parsePage, type PageFacts } from '../page/page-facts.ts';
import { framesOpenedByScript } from '../page/scripted-frames.ts';
import { nextPageOf } from '../page/next-page.ts';

export interface BrowserStageOptions {
  /** Null when no Chromium was found: every scan then says so and goes on without a browser. */
  pool: BrowserPool | null;
  screenshots: ScreenshotStore | null;
  /** Whole-stage cap: past it the browser work is torn down and what was gathered is reported. */
  totalTimeoutMs?: number;
  limits?: Partial<CaptureLimits>;
  cloaking?: boolean;
  log?: (message: string) => void;
}

const DEFAULT_TOTAL_TIMEOUT_MS = 25_000;

/**
 * A page whose plain fetch took this long is fetched once (issue 37): the browser is handed that
 * answer instead of asking again, and no crawler visits it, so a slow page costs one wait, not three.
 */
export const SLOW_PAGE_MS = 3_000;

// Headers that described the wire form of the body, which the browser is not handed.
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'content-type']);

/** The plain fetch's whole HTML answer of a slow page, for the browser to read instead of fetching it again; null otherwise. */
export function slowPageDocument(collected: Collected): ServedDocument | null {
  const response = collected.response;
  if (!response || response.truncated || !isPageResponse(response) || (collected.fetchMs ?? 0) < SLOW_PAGE_MS) return null;
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !WIRE_HEADERS.has(name.toLowerCase())));
  // The body was decoded by its charset; it is handed over as UTF-8 and says so.
  const type = (response.contentType || 'text/html').split(';')[0]!.trim();
  return {
    url: collected.finalUrl,
    status: response.status,
    headers: { ...headers, 'content-type': `${type}; charset=utf-8` },
    body: response.body,
  };
}
const NO_CHROMIUM = 'No Chromium was found on this server, so the page was scanned without a browser and has no screenshot.';

const emptyCapture = (status: CaptureStatus, message: string, durationMs = 0): Capture => ({
  status,
  message,
  screenshot: null,
  thumbnail: null,
  final_url: null,
  title: null,
  favicon: null,
  redirects: [],
  requests: [],
  console_errors: [],
  cookies: [],
  downloads: [],
  dialogs: 0,
  popups: [],
  duration_ms: durationMs,
});

/** The remote address of each host as the guard resolved it, and what it refused, from the proxy's side. */
function annotateRequests(record: PageRecord, proxy: EgressProxy, addresses: Map<string, string>) {
  const refused = new Set(proxy.refusals.map((refusal) => refusal.target));
  for (const request of record.requests) {
    let target: string;
    try {
      const url = new URL(request.url);
      target = `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80)}`;
    } catch {
      continue;
    }
    request.remote_ip = addresses.get(target) ?? null;
    if (refused.has(target)) request.blocked = true;
  }
}

/** The request for the document the page ended on. */
const documentRequest = (record: PageRecord, url: string | null) =>
  url === null ? undefined : record.requests.findLast((request) => request.resource_type === 'document' && request.url === url);

/** A main document the guard refused shows only the proxy's refusal: that is no page of the site, nor a picture of one. */
function dropRefusedDocument(record: PageRecord, snapshot: PageSnapshot) {
  const document = documentRequest(record, snapshot.finalUrl);
  if (!document?.blocked) return;
  record.notes.push(`The page led to ${document.url}, which the egress guard refused.`);
  Object.assign(snapshot, {
    html: null,
    screenshot: null,
    thumbnail: null,
    title: null,
    favicon: null,
    logo: null,
    pictures: [],
    codeBoxes: [],
  });
}

function statusOf(snapshot: PageSnapshot, record: PageRecord, timedOut: boolean): CaptureStatus {
  if (snapshot.html === null && snapshot.screenshot === null) return 'failed';
  return timedOut || record.crashed || record.notes.length > 0 ? 'partial' : 'complete';
}

function messageOf(status: CaptureStatus, record: PageRecord): string {
  const notes = record.notes.join(' ');
  if (status === 'complete') return 'The page was rendered in a browser and captured.';
  if (status === 'partial') return `The page was captured in part. ${notes}`.trim();
  return `The browser could not capture the page. ${notes}`.trim();
}

/** A store that fails (object storage down, disk full) costs the picture, not the scan. */
async function storeImage(image: Buffer, store: ScreenshotStore | null, record: PageRecord, log: (message: string) => void) {
  if (!store) return null;
  try {
    return await store.save(image);
  } catch (error) {
    const note = 'The screenshot could not be stored.';
    if (!record.notes.includes(note)) record.notes.push(note);
    log(`${note} ${(error as Error).message}`);
    return null;
  }
}

/**
 * The browser stage for `scan()`: renders the requested URL in a fresh context of the pool,
 * behind an egress proxy of its own, and returns the rendered page with its full capture (or, when
 * nothing could be rendered, the capture that says why). Screenshots go to the store.
 */
export function createBrowserRenderStage(options: BrowserStageOptions): RenderStage {
  const limits: CaptureLimits = { ...DEFAULT_CAPTURE_LIMITS, ...options.limits };
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const log = options.log ?? (() => {});

  return async (collected, policy): Promise<RenderedPage | RenderMiss> => {
    const started = performance.now();
    const pool = options.pool;
    if (!pool) {
      log(NO_CHROMIUM);
      return { capture: emptyCapture('unavailable', NO_CHROMIUM) };
    }
    const userAgent = policy.userAgent ?? defaultUserAgent().value;
    const device = deviceProfileFor(userAgent);
    const addresses = new Map<string, string>();
    const proxy = await startEgressProxy({
      policy,
      // The chosen country's proxy, the same the static fetch left through.
      upstreamProxyUrl: policy.upstreamProxyUrl,
      connectPorts: policy.connectPorts,
      onAllowed: (target, address) => addresses.set(target, address),
    });
    const record = newPageRecord();
    const snapshot = emptySnapshot();
    let cookies: Capture['cookies'] = [];
    let timedOut = false;
    const served = slowPageDocument(collected);
    if (served)
      log(`${collected.requestedUrl} took ${collected.fetchMs} ms to answer: the browser reads that answer and no crawler visits.`);
    const cloaking = options.cloaking && !served ? crawlerView(collected.requestedUrl, policy, limits.pageTimeoutMs) : null;

    try {
      await pool.withContext(
        {
          proxy: { server: proxy.url, bypass: '<-loopback>' },
          userAgent,
          viewport: device.viewport,
          screen: device.viewport,
          isMobile: device.isMobile,
          hasTouch: device.isMobile,
          deviceScaleFactor: 1,
          acceptDownloads: true,
          ignoreHTTPSErrors: true,
          serviceWorkers: 'block',
          javaScriptEnabled: true,
        },
        totalTimeoutMs,
        async (context) => {
          await capturePage(context, collected.requestedUrl, limits, record, snapshot, served);
          cookies = (await context.cookies()).map((cookie) => ({
            name: cookie.name,
            domain: cookie.domain,
            path: cookie.path,
            expires: cookie.expires,
            http_only: cookie.httpOnly,
            secure: cookie.secure,
            same_site: cookie.sameSite,
          }));
        },
      );
    } catch (error) {
      timedOut = error instanceof BrowserDeadlineError;
      record.notes.push(
        timedOut
          ? `The browser stage was stopped after ${totalTimeoutMs / 1000} s.`
          : `The browser failed: ${(error as Error).message.split('\n')[0]}`,
      );
      log(`Browser capture of ${collected.requestedUrl}: ${record.notes.at(-1)}`);
    } finally {
      await proxy.close();
    }
    annotateRequests(record, proxy, addresses);
    dropRefusedDocument(record, snapshot);

    const [screenshot, thumbnail] = await Promise.all(
      [snapshot.screenshot, snapshot.thumbnail].map((image) => (image ? storeImage(image, options.screenshots, record, log) : null)),
    );
    const status = statusOf(snapshot, record, timedOut);
    const finalUrl = snapshot.finalUrl;
    const favicon = snapshot.favicon ?? (snapshot.html !== null && finalUrl ? new URL('/favicon.ico', finalUrl).href : null);
    // Parsed here only when a form's next page or a frame a script opens may be read from it.
    const read =
      snapshot.html !== null && finalUrl !== null && /<form|iframe/i.test(snapshot.html) ? parsePage(snapshot.html, finalUrl) : null;
    const [[faviconImage, logoImage], drawings, nextPages, openedFrames] = await Promise.all([
      Promise.all([favicon, snapshot.html === null ? null : snapshot.logo].map((url) => (url ? imageBytes(url, policy) : null))),
      drawnWords(snapshot.html === null ? [] : snapshot.pictures, policy),
      read ? formsNextPage(read, policy) : [],
      read ? framesOnClick(read, snapshot.frames, policy) : [],
    ]);
    const [fingerprints, logo] = await Promise.all([
      pageFingerprints({ screenshot: snapshot.screenshot, html: snapshot.html, favicon: faviconImage ?? null }),
      logoImage ? pageLogoHash(logoImage) : null,
    ]);
    const capture: Capture = {
      ...emptyCapture(status, messageOf(status, record), Math.round(performance.now() - started)),
      screenshot: screenshot ?? null,
      screenshot_phash: snapshot.screenshot ? await perceptualHash(snapshot.screenshot) : null,
      screenshot_hash: fingerprints.screenshot,
      top_fold_hash: fingerprints.topFold,
      favicon_hash: fingerprints.favicon,
      dom_simhash: fingerprints.structure,
      thumbnail: thumbnail ?? null,
      final_url: finalUrl,
      title: snapshot.title,
      favicon,
      redirects: record.redirects,
      requests: record.requests,
      console_errors: record.consoleErrors,
      cookies,
      downloads: record.downloads,
      dialogs: record.dialogs,
      popups: record.popups,
    };
    if (snapshot.html === null || finalUrl === null) return { capture };
    return {
      finalUrl,
      html: snapshot.html,
      requests: record.requests.map((request) => ({
        url: request.url,
        method: request.method,
        resourceType: request.resource_type,
        status: request.status,
        blocked: request.blocked,
      })),
      screenshot: screenshot ?? null,
      downloads: record.downloads.map((download) => download.file_name),
      qrCodes: await codesIn(snapshot.screenshot, snapshot.codeBoxes),
      frames: snapshot.frames,
      logoHashes: [fingerprints.favicon, logo].filter((hash) => hash !== null),
      drawings,
      nextPages,
      openedFrames,
      capture,
      ...(cloaking
        ? await cloakingOf(cloaking, { finalUrl, status: documentRequest(record, finalUrl)?.status ?? null, html: snapshot.html })
        : {}),
    };
  };
}

// A code drawn edge to edge on a canvas still needs its quiet zone: take a little of what surrounds it.
const CODE_MARGIN = 12;

/** The texts of the QR codes in the page's square images and canvases, cut from the screenshot, each once. */
async function codesIn(screenshot: Buffer | null, boxes: readonly CodeBox[]): Promise<string[]> {
  if (!screenshot || boxes.length === 0) return [];
  const { width = 0, height = 0 } = await sharp(screenshot).metadata();
  const texts: string[] = [];
  for (const box of boxes) {
    const left = Math.max(0, Math.floor(box.x - CODE_MARGIN));
    const top = Math.max(0, Math.floor(box.y - CODE_MARGIN));
    const region = {
      left,
      top,
      width: Math.min(width - left, Math.ceil(box.width + 2 * CODE_MARGIN)),
      height: Math.min(height - top, Math.ceil(box.height + 2 * CODE_MARGIN)),
    };
    if (region.width <= 0 || region.height <= 0) continue;
    const crop = await sharp(screenshot).extract(region).png().toBuffer();
    texts.push(...(await qrCodeTexts(new Uint8Array(crop))));
  }
  return [...new Set(texts)];
}

const IMAGE_LIMITS = { timeoutMs: 3_000, maxBytes: 256 * 1024 };

/** A favicon's or logo's bytes for its hash, fetched through the egress guard like every request for a user; null when it cannot be had. */
async function imageBytes(url: string, policy: EgressPolicy): Promise<Uint8Array | null> {
  if (url.startsWith('data:')) return dataImageBytes(url);
  try {
    const response = await guardedFetch(url, { ...policy, ...IMAGE_LIMITS });
    return response.status === 200 && !response.truncated ? new Uint8Array(response.body) : null;
  } catch {
    return null;
  }
}

/**
 * The words drawn in the page's SVG pictures (a logo's wordmark, a banner's message), read from
 * the files as the egress guard lets them be fetched; pictures that cannot be had are left out.
 */
async function drawnWords(pictures: readonly string[], policy: EgressPolicy): Promise<{ src: string; drawn: string[] }[]> {
  const read = await Promise.all(
    pictures.map(async (src) => {
      const bytes = await imageBytes(src, policy);
      const drawn = bytes ? parsePage(Buffer.from(bytes).toString('utf8'), src).images.flatMap((image) => image.drawn ?? []) : [];
      return { src, drawn };
    }),
  );
  return read.filter((picture) => picture.drawn.length > 0);
}

const DOCUMENT_LIMITS = { timeoutMs: 3_000, maxBytes: 512 * 1024 };

/** An HTML document of the page's, fetched once through the egress guard; null when it cannot be had. */
async function documentAt(url: string, policy: EgressPolicy): Promise<{ url: string; html: string } | null> {
  try {
    const response = await guardedFetch(url, { ...policy, ...DOCUMENT_LIMITS });
    const type = response.headers['content-type'] ?? '';
    if (response.status !== 200 || !/html/i.test(type)) return null;
    return { url: response.url, html: response.body.toString('utf8') };
  } catch {
    return null;
  }
}

/** The same-host page a form that asks for nothing leads to (`nextPageOf`). */
async function formsNextPage(page: PageFacts, policy: EgressPolicy): Promise<{ url: string; html: string }[]> {
  const next = page.forms.length > 0 ? nextPageOf(page) : null;
  const document = next ? await documentAt(next, policy) : null;
  return document ? [document] : [];
}

/**
 * The frames the page's script opens once a button is clicked (`framesOpenedByScript`), read in
 * parallel with the page's other reads: a page whose script opens none costs nothing.
 */
async function framesOnClick(
  page: PageFacts,
  loaded: readonly { url: string }[],
  policy: EgressPolicy,
): Promise<{ url: string; html: string }[]> {
  const addresses = framesOpenedByScript(page).filter((address) => !loaded.some((frame) => frame.url === address));
  const documents = await Promise.all(addresses.map((address) => documentAt(address, policy)));
  return documents.filter((document) => document !== null);
}

/** The crawler's visit: a plain guarded fetch announcing itself as Googlebot, run beside the browser. */
function crawlerView(url: string, policy: EgressPolicy, timeoutMs: number): Promise<PageView | null> {
  return collectStatic(url, { ...policy, userAgent: CLOAKING_CRAWLER, timeoutMs }).then(
    (crawled) => ({ finalUrl: crawled.finalUrl, status: crawled.response?.status ?? null, html: crawled.response?.body ?? null }),
    () => null,
  );
}

async function cloakingOf(crawler: Promise<PageView | null>, browser: PageView): Promise<{ cloaking?: CloakingComparison }> {
  const view = await crawler;
  return view ? { cloaking: compareViews(view, browser) } : {};
}
