import type { BrowserContext, CDPSession, Frame, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { GATE_REVEAL_MAX_MS, passHumanCheckGate } from './human-check-gate.ts';
import { recordPage, type PageRecord, type RecorderLimits } from './page-recorder.ts';

export interface CaptureLimits extends RecorderLimits {
  /** Navigation cap: past it the page counts as never finished and what is there is captured. */
  pageTimeoutMs: number;
  /** After load, how long to wait for the network to go quiet (late scripts, client redirects). */
  settleMs: number;
  /** Cap on each read after loading (DOM, screenshot); a stuck page has its scripts stopped and gets one more try. */
  stepTimeoutMs: number;
  maxHtmlChars: number;
}

export const DEFAULT_CAPTURE_LIMITS: CaptureLimits = {
  pageTimeoutMs: 10_000,
  settleMs: 1_500,
  stepTimeoutMs: 3_000,
  maxHtmlChars: 2_000_000,
  maxRequests: 500,
  maxConsoleErrors: 50,
  maxDownloadBytes: 25 * 1024 * 1024,
  maxDialogs: 10,
};

/** The page as it stood when the capture ended; fields stay null when that step could not be done. */
export interface PageSnapshot {
  finalUrl: string | null;
  html: string | null;
  title: string | null;
  favicon: string | null;
  /** The page's first logo (an image or inline SVG marked as one), as an address or an SVG data URI. */
  logo: string | null;
  /** Addresses of the SVG pictures the page shows (at most six): their drawn words are read after the capture. */
  pictures: string[];
  screenshot: Buffer | null;
  thumbnail: Buffer | null;
  /** Where in the screenshot the square images and canvases a QR code could be in are (at most four). */
  codeBoxes: CodeBox[];
  /** The documents of the page's frames (same-site and cross-site, visible or hidden), judged like pages. */
  frames: { url: string; html: string }[];
  loaded: boolean;
}

export const emptySnapshot = (): PageSnapshot => ({
  finalUrl: null,
  html: null,
  title: null,
  favicon: null,
  logo: null,
  pictures: [],
  screenshot: null,
  thumbnail: null,
  codeBoxes: [],
  frames: [],
  loaded: false,
});

const THUMBNAIL_SCALE = 0.25;
const SCREENSHOT_QUALITY = 60;

class StepTimeout extends Error {}

async function step<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new StepTimeout()), ms)));
  work.catch(() => {});
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Frozen: no more of the page's own script runs, so the DOM and the picture can be read. */
async function stopScripts(cdp: CDPSession) {
  await cdp.send('Runtime.terminateExecution').catch(() => {});
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true }).catch(() => {});
}

interface DomReading {
  html: string;
  title: string;
  favicon: string | null;
  logo: string | null;
  pictures: string[];
}

const SHADOW_ROOTS = "Symbol.for('riskscan.shadowRoots')";

/**
 * Page-side record of every shadow root the page's script attaches, closed ones included: kits put
 * their fields in a custom element's closed shadow root, which neither `outerHTML` nor the page's
 * own `shadowRoot` property shows, while the visitor sees the form like any other.
 */
const keepShadowRoots = `(() => {
  const roots = new WeakMap();
  let attached = 0;
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    roots.set(this, root);
    attached += 1;
    return root;
  };
  const lookup = Object.assign((host) => roots.get(host) || null, { attached: () => attached });
  Object.defineProperty(window, ${SHADOW_ROOTS}, { value: lookup });
})()`;

/** Elements whose words a style sheet writes, read at most: labels, not a page's every icon. */
const MAX_PSEUDO_ELEMENTS = 200;

/**
 * Runs in the page: the words the page's style sheets write before or after elements
 * (`.f::before { content: attr(data-t) }`, `content: "Senha"`), by element. Kits set a field's
 * label that way so that no text node holds it; the visitor reads it all the same. Only rules whose
 * `content` holds a quoted string or `attr()` count, and only words with a letter in them (not an
 * icon font's glyph or a clearfix's empty string); style sheets of other sites that the page may
 * not read are left out.
 */
const PSEUDO_TEXTS = `() => {
  const found = new Map();
  const rules = [];
  const collect = (list) => {
    for (const rule of list) {
      if (rule.cssRules && !rule.selectorText) collect(rule.cssRules);
      else if (rule.selectorText && /::?(?:before|after)/i.test(rule.selectorText) && /attr\\(|["']/.test(rule.style.content || '')) rules.push(rule);
    }
  };
  for (const sheet of document.styleSheets) {
    try {
      collect(sheet.cssRules);
    } catch {}
  }
  // CSS escapes: an icon font's \\\\f101 is one character of no script, not the word "f101".
  const unescape = (text) => text.replace(/\\\\([0-9a-f]{1,6})\\s?|\\\\(.)/gi, (_, hex, char) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char));
  const resolve = (content, element) =>
    [...content.matchAll(/"((?:[^"\\\\]|\\\\.)*)"|'((?:[^'\\\\]|\\\\.)*)'|attr\\(\\s*([\\w-]+)[^)]*\\)/g)]
      .map((part) => (part[3] ? element.getAttribute(part[3]) || '' : unescape(part[1] ?? part[2] ?? '')))
      .join('')
      .trim();
  for (const rule of rules) {
    for (const selector of rule.selectorText.split(',')) {
      const where = /::?after/i.test(selector) ? 'after' : /::?before/i.test(selector) ? 'before' : null;
      if (!where) continue;
      let elements = [];
      try {
        elements = document.querySelectorAll(selector.replace(/::?(?:before|after)/gi, '') || '*');
      } catch {}
      for (const element of elements) {
        if (found.size >= ${MAX_PSEUDO_ELEMENTS} && !found.has(element)) break;
        const text = resolve(rule.style.content, element);
        if (!/\\p{L}/u.test(text)) continue;
        found.set(element, { ...found.get(element), [where]: text });
      }
    }
  }
  return found;
}`;

/**
 * Runs in the page: the document's HTML as the visitor sees it. A page without shadow roots is its
 * `outerHTML`; one with them is written out with each root's content inside its host (as a
 * `<shadow-root>` element before the host's own children), so the fields and words a custom
 * element draws are read like the rest of the page. Words a style sheet writes before or after an
 * element (`PSEUDO_TEXTS`) are written out as text in their place, the same way.
 */
const SHADOW_HTML = `(max) => {
  const recorded = window[${SHADOW_ROOTS}];
  const rootOf = (element) => element.shadowRoot || (recorded ? recorded(element) : null);
  const shown = (${PSEUDO_TEXTS})();
  // A huge page is written out by the walk below, which stops at the cap: its whole outerHTML (50 MB
  // and more) would keep the renderer busy for seconds, and the screenshot waits behind it. Looking
  // for shadow roots on every element of one costs seconds too: only when a script attached one.
  const all = document.getElementsByTagName('*');
  const huge = all.length > 50000;
  const rooted = (recorded && recorded.attached() > 0) || (!huge && Array.prototype.some.call(all, rootOf));
  if (!huge && !rooted && shown.size === 0) return document.documentElement.outerHTML.slice(0, max);
  const empty = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
  const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escapeValue = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const out = [];
  let length = 0;
  const push = (part) => {
    out.push(part);
    length += part.length;
  };
  const write = (node, raw) => {
    if (length > max) return;
    if (node.nodeType === 3) return push(raw ? node.data : escapeText(node.data));
    // Comments stay: kits sign their markup in them.
    if (node.nodeType === 8) return push('<!--' + node.data + '-->');
    if (node.nodeType !== 1) return;
    const tag = node.localName;
    if (tag === 'template') return push(node.outerHTML);
    push('<' + tag + [...node.attributes].map((attribute) => ' ' + attribute.name + '="' + escapeValue(attribute.value) + '"').join('') + '>');
    if (empty.has(tag)) return;
    const root = rootOf(node);
    if (root) {
      push('<shadow-root>');
      for (const child of root.childNodes) write(child, false);
      push('</shadow-root>');
    }
    const pseudo = shown.get(node);
    if (pseudo && pseudo.before) push(escapeText(pseudo.before));
    for (const child of node.childNodes) write(child, tag === 'script' || tag === 'style');
    if (pseudo && pseudo.after) push(escapeText(pseudo.after));
    push('</' + tag + '>');
  };
  write(document.documentElement, false);
  return out.join('').slice(0, max);
}`;

/**
 * Runs in the page; a string so this package needs no DOM types. The logo is the first image or
 * inline SVG that says it is one ("logo" or "brand" in its own or a near parent's class, id, alt or
 * label, or in the image's address): where a site puts its own mark, and a kit the brand's. Later
 * ones are left alone: "Sign in with" buttons and partners' marks come after it.
 */
const READ_DOM = `(max) => {
  const pageHtml = ${SHADOW_HTML};
  const icon = document.querySelector('link[rel~="icon" i], link[rel="shortcut icon" i], link[rel="apple-touch-icon" i]');
  const mark = /logo|brand/i;
  const marked = (element) => {
    for (let node = element, depth = 0; node && depth < 3; node = node.parentElement, depth++) {
      const words = [node.getAttribute('class'), node.id, node.getAttribute('alt'), node.getAttribute('aria-label')].join(' ');
      if (mark.test(words)) return true;
    }
    return false;
  };
  let logo = null;
  for (const element of document.querySelectorAll('img, svg')) {
    if (element.tagName.toLowerCase() === 'img') {
      const src = element.currentSrc || element.src;
      if (src && (marked(element) || mark.test(src))) logo = src;
    } else if (marked(element)) {
      const svg = new XMLSerializer().serializeToString(element);
      if (svg.length <= 100000) logo = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(svg)));
    }
    if (logo) break;
  }
  const pictures = [];
  for (const image of document.images) {
    const src = image.currentSrc || image.src;
    if (src && image.naturalWidth > 0 && /^data:image\\/svg\\+xml|\\.svg(?:[?#]|$)/i.test(src) && !pictures.includes(src)) pictures.push(src);
    if (pictures.length >= 6) break;
  }
  return { html: pageHtml(max), title: document.title, favicon: (icon && icon.href) || null, logo, pictures };
}`;

function readDom(page: Page, maxChars: number): Promise<DomReading> {
  return page.evaluate(`(${READ_DOM})(${maxChars})`) as Promise<DomReading>;
}

/** Frames read beyond the page itself: kits nest their form a level or two deep, ad frames are many. */
const MAX_FRAMES = 6;

/** The address a frame's document is judged under: its own, or for one a script wrote into (`about:blank`, `srcdoc`), its parent's, whose origin it has. */
function frameAddress(frame: Frame): string | null {
  for (let at: Frame | null = frame; at; at = at.parentFrame()) {
    const url = at.url();
    if (/^https?:/i.test(url)) return url;
    if (!/^about:(?:blank|srcdoc)$/i.test(url)) return null;
  }
  return null;
}

/**
 * Runs in a frame: its document written out like the page's (shadow roots and generated words
 * read, `SHADOW_HTML`); for a document a script wrote in, only when it shows anything (an ad slot's
 * empty frame is not worth a place).
 */
const READ_FRAME = `(max, written) => {
  if (!document.documentElement) return '';
  if (written && !(document.body && (document.body.innerText.trim() !== '' || document.body.querySelector('input, form, iframe, img, svg, canvas')))) return '';
  return (${SHADOW_HTML})(max);
}`;

/**
 * The documents of the page's frames, each with the address it is judged under; a frame that
 * cannot be read is left out. Frames with an address of their own come first, then those a script
 * wrote in, wherever the script that made them came from.
 */
async function readFrames(page: Page, maxChars: number): Promise<{ url: string; html: string }[]> {
  const candidates = page
    .frames()
    .filter((frame) => frame !== page.mainFrame())
    .map((frame) => ({ frame, url: frameAddress(frame), written: !/^https?:/i.test(frame.url()) }))
    .filter((candidate): candidate is { frame: Frame; url: string; written: boolean } => candidate.url !== null)
    .sort((a, b) => Number(a.written) - Number(b.written))
    // Empty frames a script made (ad slots) are read and dropped: a few more reads than places.
    .slice(0, MAX_FRAMES * 2);
  const read = await Promise.all(
    candidates.map(async ({ frame, url, written }) => {
      const html = (await frame.evaluate(`(${READ_FRAME})(${maxChars}, ${written})`).catch(() => '')) as string;
      return { url, html };
    }),
  );
  return read.filter((frame) => frame.html !== '').slice(0, MAX_FRAMES);
}

/**
 * Runs in the page: waits until the images in view are decoded. Chromium decodes images off the
 * main thread; on a busy machine a screenshot taken right after `load` can show an image's place
 * empty, and a QR code or a logo drawn there is then missing from what is read off the picture.
 */
const DECODE_SHOWN_IMAGES = `async () => {
  const shown = [...document.images]
    .filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight;
    })
    .slice(0, 24);
  await Promise.all(shown.map((image) => image.decode().catch(() => {})));
}`;

/** At most this long for the images in view to decode: a picture without one beats none. */
const IMAGE_DECODE_MS = 1_000;

async function captureImage(cdp: CDPSession, viewport: { width: number; height: number }): Promise<Buffer> {
  const { data } = await cdp.send('Page.captureScreenshot', {
    format: 'webp',
    quality: SCREENSHOT_QUALITY,
    clip: { x: 0, y: 0, width: viewport.width, height: viewport.height, scale: 1 },
  });
  return Buffer.from(data, 'base64');
}

/**
 * The thumbnail, scaled down from the screenshot off the renderer: a second capture at a smaller
 * scale would paint the page again (1.4 s on a 50 MB page still loading), and would show it a moment later.
 */
function thumbnailOf(screenshot: Buffer, viewport: { width: number }): Promise<Buffer> {
  return sharp(screenshot)
    .resize({ width: Math.round(viewport.width * THUMBNAIL_SCALE) })
    .webp({ quality: SCREENSHOT_QUALITY })
    .toBuffer();
}

/** A rectangle of the viewport, in CSS pixels (the screenshot's scale is 1). */
export interface CodeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Runs in the page: where the visible, roughly square images, canvases, SVGs and backgrounds of at
 * least 60 px inside the viewport are, the places a QR code is drawn. Logos match too; decoding
 * a crop that holds no code is cheap, and the crops come from the screenshot already taken.
 */
const FIND_CODE_BOXES = `(() => {
  const found = [];
  for (const element of document.querySelectorAll('img, canvas, svg, object, [style*="background"]')) {
    const box = element.getBoundingClientRect();
    const ratio = box.width / Math.max(1, box.height);
    if (box.width < 60 || box.height < 60 || ratio < 0.8 || ratio > 1.25) continue;
    if (box.left < 0 || box.top < 0 || box.right > innerWidth || box.bottom > innerHeight) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
    found.push({ x: box.left, y: box.top, width: box.width, height: box.height });
    if (found.length >= 4) break;
  }
  return found;
})()`;

/**
 * Page-side cap on dialogs: a page looping on \`alert()\` gets an exception after \`max\` of them
 * instead of holding the browser in an endless dismiss cycle (which stopping scripts cannot break,
 * as the script is parked inside the dialog).
 */
const limitDialogs = (max: number) => `(() => {
  let shown = 0;
  for (const name of ['alert', 'confirm', 'prompt']) {
    const original = window[name];
    window[name] = function (...args) {
      shown += 1;
      if (shown > ${max}) throw new Error('Too many dialogs');
      return original.apply(this, args);
    };
  }
})()`;

/** The longest timer delay a script hop is waited for: kits show "redirecting…" for a second or two. */
export const MAX_HOP_DELAY_MS = 3_000;
/**
 * How long past a timer's due time the browser is given to start the hop: the page's timers run on
 * its renderer, which a busy machine (two scans at once beside the judging) runs late by more
 * than a few hundred milliseconds.
 */
const HOP_TIMER_SLACK_MS = 1_000;
/** A page with more visible text than this is a page of its own, not a notice on the way to one. */
const HOP_PAGE_MAX_TEXT = 1_500;
const TIMERS = "Symbol.for('riskscan.pendingTimers')";

/**
 * Page-side record of the short timers still due (at most \`max\` ms): a kit's notice page hops on
 * with \`setTimeout(() => location.replace(next), 1000)\`, after the network has gone quiet.
 */
const trackTimers = (max: number) => `(() => {
  const due = new Map();
  const original = window.setTimeout;
  const clear = window.clearTimeout;
  window.setTimeout = function (callback, delay, ...rest) {
    const ms = Number(delay) || 0;
    if (ms <= 0 || ms > ${max}) return original.call(this, callback, delay, ...rest);
    const code = callback;
    const run = typeof code === 'function' ? code : () => (0, eval)(String(code));
    let handle;
    handle = original.call(this, function (...args) {
      due.delete(handle);
      return run.apply(this, args);
    }, delay, ...rest);
    due.set(handle, performance.now() + ms);
    return handle;
  };
  window.clearTimeout = function (handle) {
    due.delete(handle);
    return clear.call(this, handle);
  };
  Object.defineProperty(window, ${TIMERS}, { value: () => Math.max(0, ...[...due.values()].map((at) => at - performance.now())) });
})()`;

/**
 * How long until a short page's last short timer fires, or its meta refresh (a browser with scripts
 * never sees one inside \`<noscript>\`) moves it on; 0 when neither is due, or the page is a page of its own.
 */
const PENDING_HOP = `(() => {
  if (!document.body || document.body.innerText.length > ${HOP_PAGE_MAX_TEXT}) return 0;
  const pending = window[${TIMERS}];
  let due = pending ? pending() : 0;
  const refresh = document.querySelector('meta[http-equiv="refresh" i]');
  const match = refresh && /^\\s*(\\d+(?:\\.\\d+)?)\\s*[;,]\\s*(?:url\\s*=\\s*)?\\S/i.exec(refresh.getAttribute('content') || '');
  if (match) {
    // A refresh counts from the end of loading, not from the start of navigation.
    const navigation = performance.getEntriesByType('navigation')[0];
    const loaded = navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
    const left = Number(match[1]) * 1000 - (performance.now() - loaded);
    if (left <= ${MAX_HOP_DELAY_MS}) due = Math.max(due, left, 1);
  }
  return due;
})()`;

/**
 * A short page whose short timer is still due may be a hop of the chain (issue 36: a notice that
 * sends the visitor on by script after a second): the browser waits for that timer, and when the
 * page then navigates, for the next page, so every hop is judged, not only the first. A page that
 * stays where it is costs at most the timer's delay.
 */
async function followScriptHop(page: Page, limits: CaptureLimits, loadedUrl: string, started: () => boolean): Promise<void> {
  // A timer may already have fired while the network went quiet: the next page is on its way.
  const navigated =
    started() ||
    (await (async () => {
      const due = (await step(page.evaluate(PENDING_HOP) as Promise<number>, limits.stepTimeoutMs).catch(() => 0)) || 0;
      if (due <= 0) return started();
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(started()), Math.min(due, MAX_HOP_DELAY_MS) + HOP_TIMER_SLACK_MS);
        const onRequest = (request: Request) => {
          if (request.isNavigationRequest() && request.frame() === page.mainFrame()) finish(true);
        };
        function finish(value: boolean) {
          clearTimeout(timer);
          page.off('request', onRequest);
          resolve(value);
        }
        page.on('request', onRequest);
      });
    })());
  if (!navigated) return;
  // The next page, or the end of a navigation that brings none (a download, a refused address).
  const moved = page
    .waitForURL((url) => url.href !== loadedUrl, { waitUntil: 'load', timeout: limits.pageTimeoutMs })
    .then(
      () => true,
      () => false,
    );
  const ended = new Promise<false>((resolve) => {
    const onEnd = (request: Request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && page.url() === loadedUrl) resolve(false);
    };
    page.on('requestfailed', onEnd);
    page.once('download', () => resolve(false));
    void moved.finally(() => page.off('requestfailed', onEnd));
  });
  if (await Promise.race([moved, ended])) await page.waitForLoadState('networkidle', { timeout: limits.settleMs }).catch(() => {});
}

/** Whether the main frame has started another navigation since this was called. */
function watchNavigation(page: Page): { started: () => boolean; stop: () => void } {
  let seen = false;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen = true;
  };
  page.on('request', onRequest);
  return { started: () => seen, stop: () => page.off('request', onRequest) };
}

const isErrorPage = (url: string) => url.startsWith('chrome-error://') || url === 'about:blank';

/** A document the browser is handed instead of fetching it: the plain fetch's answer for the page's address. */
export interface ServedDocument {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The first navigation to `served.url` is answered from `served`; every other request goes out as usual. */
async function serveOnce(page: Page, served: ServedDocument): Promise<void> {
  let used = false;
  await page.route(
    (address) => !used && address.href === served.url,
    async (route) => {
      if (used || !route.request().isNavigationRequest()) return route.fallback();
      used = true;
      await route.fulfill({ status: served.status, headers: served.headers, body: served.body });
    },
  );
}

/**
 * Loads `url` in a fresh page of `context` and captures it into `record` (events) and `snapshot`
 * (the end state). Both are filled as it goes, so a caller that gives up mid-way still has what
 * was gathered. Never throws for anything the page does.
 */
export async function capturePage(
  context: BrowserContext,
  url: string,
  limits: CaptureLimits,
  record: PageRecord,
  snapshot: PageSnapshot,
  served: ServedDocument | null = null,
): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const recorder = recordPage(context, page, record, limits);
  await context.addInitScript(limitDialogs(limits.maxDialogs));
  await context.addInitScript(trackTimers(MAX_HOP_DELAY_MS));
  await context.addInitScript(keepShadowRoots);
  if (served) await serveOnce(page, served);

  // Once a gate is clicked every navigation is refused: what the recorder took for hops after it never happened.
  let gateRedirects: number | null = null;
  try {
    await page.goto(url, { waitUntil: 'load', timeout: limits.pageTimeoutMs });
    snapshot.loaded = true;
    const loadedUrl = page.url();
    const navigation = watchNavigation(page);
    await page.waitForLoadState('networkidle', { timeout: limits.settleMs }).catch(() => {});
    await followScriptHop(page, limits, loadedUrl, navigation.started).finally(navigation.stop);
    // A capture note would mark the capture partial: a gate passed is no gap in it.
    const before = record.redirects.length;
    const gate = passHumanCheckGate(page, limits.settleMs);
    if (await step(gate, limits.stepTimeoutMs + GATE_REVEAL_MAX_MS).catch(() => false)) gateRedirects = before;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    record.notes.push(
      /Timeout/i.test(reason) ? `The page did not finish loading within ${limits.pageTimeoutMs / 1000} s.` : `Loading stopped: ${reason}`,
    );
  }
  if (record.crashed) return;

  snapshot.finalUrl = page.url();
  if (isErrorPage(snapshot.finalUrl)) {
    snapshot.finalUrl = null;
    return;
  }
  const dom = await step(readDom(page, limits.maxHtmlChars), limits.stepTimeoutMs).catch(async (error: unknown) => {
    if (record.crashed || !(error instanceof StepTimeout)) return null;
    record.notes.push('The page kept the browser busy; its scripts were stopped.');
    await stopScripts(cdp);
    return step(readDom(page, limits.maxHtmlChars), limits.stepTimeoutMs).catch(() => null);
  });
  if (dom) Object.assign(snapshot, dom);
  snapshot.finalUrl = page.url();
  if (dom) snapshot.frames = await step(readFrames(page, limits.maxHtmlChars), limits.stepTimeoutMs).catch(() => []);

  const viewport = page.viewportSize() ?? { width: 1366, height: 768 };
  await step(page.evaluate(DECODE_SHOWN_IMAGES), Math.min(IMAGE_DECODE_MS, limits.stepTimeoutMs)).catch(() => {});
  snapshot.screenshot = await step(captureImage(cdp, viewport), limits.stepTimeoutMs).catch(() => null);
  if (snapshot.screenshot) {
    const screenshot = snapshot.screenshot;
    [snapshot.thumbnail, snapshot.codeBoxes] = await Promise.all([
      step(thumbnailOf(screenshot, viewport), limits.stepTimeoutMs).catch(() => null),
      step(page.evaluate(FIND_CODE_BOXES) as Promise<CodeBox[]>, limits.stepTimeoutMs).catch(() => []),
    ]);
  } else record.notes.push('No screenshot could be taken.');
  await recorder.settle(limits.stepTimeoutMs);
  if (gateRedirects !== null) record.redirects.splice(gateRedirects);
}
