import type { Capture, ViewersResult } from '@riskscan/contracts';
import type { CloakingComparison } from './cloaking.ts';
import type { ResolvedAddress } from '../net/resolver.ts';
import type { TlsCertificateInfo } from '../net/tls-certificate.ts';

/** One step that moved the visitor elsewhere: an HTTP redirect, a meta refresh or a script assignment. */
export interface RedirectStep {
  from: string;
  to: string;
  kind: 'http' | 'meta-refresh' | 'script';
  status: number | null;
}

/** The plain HTTP answer for the final URL. */
export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  contentType: string | null;
  charset: string;
  /** Body decoded by its charset (at most the byte cap). */
  body: string;
  bytes: number;
  truncated: boolean;
}

/** A request the browser made while rendering (every one passed the egress guard or was blocked by it). */
export interface RenderedRequest {
  url: string;
  method: string;
  resourceType: string;
  status: number | null;
  blocked: boolean;
}

/** Filled by the browser stage when it runs; checks fall back to the static body when it is absent. */
export interface RenderedPage {
  finalUrl: string;
  html: string;
  requests: RenderedRequest[];
  /** Where the stage stored the screenshot (a path or URL it chooses), null when none was taken. */
  screenshot: string | null;
  /** Files the page started downloading on its own. */
  downloads: string[];
  /** The browser stage's full record (network log, cookies, console errors, screenshots), for the result. */
  capture?: Capture;
  /** A crawler's visit compared with the browser's, when the cloaking check ran. */
  cloaking?: CloakingComparison;
  /**
   * JavaScript globals read after load, as strings, for the names `webtechGlobalNames()` lists
   * (e.g. `jQuery.fn.jquery`); absent when the stage does not read them.
   */
  globals?: Record<string, string>;
  /** Texts of the QR codes drawn in the rendered page's images and canvases; absent when not looked for. */
  qrCodes?: string[];
  /** The documents of the page's frames, each with its address; absent when the stage does not read them. */
  frames?: { url: string; html: string }[];
  /** Difference hashes of the page's favicon and first logo (`logoHash`), to match against brand logos; absent when not fetched. */
  logoHashes?: string[];
  /** The words drawn in the page's SVG picture files, by the picture's address; absent when not read. */
  drawings?: { src: string; drawn: string[] }[];
  /** The same-host page a form that asks for nothing leads to (a poll's next step), read once; absent when not looked for. */
  nextPages?: { url: string; html: string }[];
  /** The frames the page's script opens once a button is clicked (a fake pop-up's login), read once; absent when not looked for. */
  openedFrames?: { url: string; html: string }[];
}

/** The browser stage ran but has no page to offer (no Chromium, a crash before anything loaded): the capture says why. */
export interface RenderMiss {
  html?: undefined;
  capture: Capture;
}

export interface CollectFailure {
  code: string;
  message: string;
  url: string;
  /** True when the egress guard refused the target (e.g. an internal address). */
  refused: boolean;
  /** The system's error code of a failed connection, when there is one. */
  errno?: string | null;
}

/** Everything gathered about one URL; the checks read only this. */
export interface Collected {
  requestedUrl: string;
  finalUrl: string;
  redirects: RedirectStep[];
  /** A and AAAA records of the requested host. */
  addresses: ResolvedAddress[];
  /** The address the final response came from. */
  finalAddress: string | null;
  response: StaticResponse | null;
  failure: CollectFailure | null;
  tls: TlsCertificateInfo | null;
  rendered: RenderedPage | null;
  /** Texts of the QR codes the page shows: the browser's reading of images and canvases, else the static page's data: images. */
  qrCodes?: string[];
  /** The page as other viewers (device, country) saw it, compared with this visit; only when the scan asked. */
  viewers?: ViewersResult;
  collectedAt: string;
  /** How long the plain fetch took, in ms: a slow page is fetched only once (issue 37). */
  fetchMs?: number;
}

/** True for bodies a browser would render as a page (HTML, XHTML, or no declared type). */
export function isPageResponse(response: StaticResponse): boolean {
  return response.contentType === null || response.contentType === '' || /html|xml/i.test(response.contentType);
}

/** The HTML the checks should read: the rendered DOM when the browser ran, else an HTML static body. */
export function pageHtml(collected: Collected): string | null {
  if (collected.rendered) return collected.rendered.html;
  const response = collected.response;
  return response && isPageResponse(response) ? response.body : null;
}
