import type { CapturedDownload, CapturedRedirect, CapturedRequest } from '@riskscan/contracts';
import type { BrowserContext, Download, Page, Request } from 'playwright-core';
import { cancelledDownload, recordDownload } from './download-recorder.ts';

export interface RecorderLimits {
  maxRequests: number;
  maxConsoleErrors: number;
  maxDownloadBytes: number;
  /** Dialogs dismissed before the page's further calls fail (alert loops). */
  maxDialogs: number;
}

/** What the browser showed us while the page loaded, filled by events as they arrive (and readable mid-way). */
export interface PageRecord {
  requests: CapturedRequest[];
  redirects: CapturedRedirect[];
  consoleErrors: string[];
  downloads: CapturedDownload[];
  dialogs: number;
  popups: string[];
  crashed: boolean;
  /** What went wrong, for the capture message. */
  notes: string[];
}

export const newPageRecord = (): PageRecord => ({
  requests: [],
  redirects: [],
  consoleErrors: [],
  downloads: [],
  dialogs: 0,
  popups: [],
  crashed: false,
  notes: [],
});

export interface Recorder {
  /** Waits (boundedly) for the byte counts and downloads still being read. */
  settle(timeoutMs: number): Promise<void>;
}

const pushCapped = <T>(list: T[], item: T, cap: number) => {
  if (list.length < cap) list.push(item);
};

/**
 * Listens to one scan's page and context: requests with their answers and sizes, main-frame
 * redirects (HTTP and client-side), console errors, dialogs (dismissed), popups (recorded and
 * closed) and downloads (read, hashed and dropped).
 */
export function recordPage(context: BrowserContext, page: Page, record: PageRecord, limits: RecorderLimits): Recorder {
  const entries = new Map<Request, CapturedRequest>();
  const contentTypes = new Map<string, string>();
  const pending: Promise<unknown>[] = [];
  let committedUrl: string | null = null;

  page.on('request', (request) => {
    const isMainNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (isMainNavigation) {
      const previous = request.redirectedFrom();
      if (previous)
        record.redirects.push({ from: previous.url(), to: request.url(), kind: 'http', status: entries.get(previous)?.status ?? null });
      else if (committedUrl !== null && committedUrl !== request.url())
        record.redirects.push({ from: committedUrl, to: request.url(), kind: 'client', status: null });
    }
    if (record.requests.length >= limits.maxRequests) return;
    const entry: CapturedRequest = {
      url: request.url(),
      method: request.method(),
      status: null,
      resource_type: request.resourceType(),
      remote_ip: null,
      bytes: 0,
      blocked: false,
    };
    record.requests.push(entry);
    entries.set(request, entry);
  });
  page.on('response', (response) => {
    const entry = entries.get(response.request());
    if (entry) entry.status = response.status();
    const type = response.headers()['content-type'];
    if (type && contentTypes.size < limits.maxRequests) contentTypes.set(response.url(), type);
  });
  page.on('requestfinished', (request) => {
    const entry = entries.get(request);
    if (!entry) return;
    pending.push(
      request.sizes().then(
        (sizes) => (entry.bytes = sizes.responseBodySize + sizes.responseHeadersSize),
        () => {},
      ),
    );
  });
  page.on('requestfailed', (request) => {
    const entry = entries.get(request);
    // A download turns its navigation into an aborted request; that is no refusal.
    if (entry && entry.status === null) entry.blocked = !/ERR_ABORTED/.test(request.failure()?.errorText ?? '');
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committedUrl = frame.url();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') pushCapped(record.consoleErrors, message.text().slice(0, 500), limits.maxConsoleErrors);
  });
  page.on('pageerror', (error) => pushCapped(record.consoleErrors, error.message.slice(0, 500), limits.maxConsoleErrors));
  page.on('crash', () => {
    record.crashed = true;
    record.notes.push('The page crashed the browser tab.');
  });
  page.on('dialog', (dialog) => {
    record.dialogs += 1;
    if (record.dialogs === limits.maxDialogs)
      record.notes.push(`The page kept opening dialogs; after ${limits.maxDialogs} it got no more.`);
    dialog.dismiss().catch(() => {});
  });
  context.on('page', (popup) => {
    if (popup === page) return;
    pushCapped(record.popups, popup.url(), limits.maxRequests);
    popup.close().catch(() => {});
  });
  // Playwright hands a download over only once Chromium has written all of it; Chromium's own
  // progress events let a download past the cap be cancelled while it runs (issue 29).
  const downloadUrls = new Map<string, string>();
  const running = new Map<string, Download>();
  const cancelledAt = new Map<string, number>();
  context
    .newCDPSession(page)
    .then(async (cdp) => {
      cdp.on('Page.downloadWillBegin', (event) => downloadUrls.set(event.guid, event.url));
      cdp.on('Page.downloadProgress', (event) => {
        const url = downloadUrls.get(event.guid);
        if (event.state !== 'inProgress' || event.receivedBytes <= limits.maxDownloadBytes || !url || cancelledAt.has(url)) return;
        cancelledAt.set(url, event.receivedBytes);
        running
          .get(url)
          ?.cancel()
          .catch(() => {});
      });
      await cdp.send('Page.enable');
    })
    .catch(() => {});

  page.on('download', (download) => {
    const url = download.url();
    running.set(url, download);
    if (cancelledAt.has(url)) download.cancel().catch(() => {});
    const source = { url, fileName: download.suggestedFilename(), declaredType: contentTypes.get(url) ?? null };
    const read = download
      .createReadStream()
      .then((stream) => recordDownload({ ...source, stream }, limits.maxDownloadBytes))
      .then((entry) => record.downloads.push(entry))
      .catch(() => {
        const received = cancelledAt.get(url);
        if (received === undefined) record.notes.push(`A download from ${url} could not be read.`);
        else record.downloads.push(cancelledDownload(source, received));
      })
      .finally(() => download.delete().catch(() => {}));
    pending.push(read);
  });

  return {
    async settle(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
  };
}
