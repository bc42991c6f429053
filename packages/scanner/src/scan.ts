import type { Capture, CheckCategory, CheckResult } from '@riskscan/contracts';
import { collectWithFallback } from './collect/collect-with-fallback.ts';
import { reachabilityOf } from './collect/reachability.ts';
import { pageHtml, type Collected } from './collect/collected.ts';
import { redirectChain } from './collect/redirect-chain.ts';
import { buildCheckContext } from './checks/check-context.ts';
import type { Check, CheckContext } from './checks/check.ts';
import { scanChecks } from './checks/registry.ts';
import type { GuardedFetchOptions } from './net/guarded-fetch.ts';
import { createResolver } from './net/resolver.ts';
import { classify } from './scoring/classify.ts';
import { overallScore, UNREACHABLE_FLOOR } from './scoring/overall-score.ts';

import { applyProfile, defaultScanProfile } from './checks/scan-profile.ts';
import type { ScannerOptions } from './scan-options.ts';
import { extendedResults } from './extended-results.ts';
import { gatherExtended } from './extended/extended-stage.ts';
import { annotateRequestHosts, certificateOf, hostingOf, sha256Hex } from './extended/hosting.ts';
import { normalizeScanUrl, riskLevelForScore } from '@riskscan/contracts';
import { staticQrCodes } from './qr/page-qr-codes.ts';
import { threatIntelCheck } from './checks/threat-intel.ts';
import { urlVerdictOf } from './checks/url-verdicts.ts';
import { withSides } from './checks/sides.ts';
import { withFrameFindings } from './checks/frame-judgement.ts';
import { defaultUserAgent, deviceProfileFor } from './user-agents/user-agent-catalogue.ts';
import { compareViewers, seenPage, viewAs } from './viewers/index.ts';
import { judgeHops } from './checks/redirect-hops.ts';

/** The visitor's input is no URL; `message` is the text the web app shows (SPEC §5). */
export class ScanInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanInputError';
  }
}

const UNKNOWN_LOCATION = { country_name: 'Unknown', country_flag: '' };

/** Runs checks on what was collected; the same code serves static and rendered pages. */
export function runChecks(checks: readonly Check[], collected: Collected, context: CheckContext): CheckCategory[] {
  return checks.map((check) => check.run(collected, context));
}

/**
 * Scans one URL: normalise it, collect through the egress guard (static fetch, over http too when
 * a bare domain's https fails, then the browser stage when one is given), run the checks, apply
 * the profile and score. A page that could not be loaded is reported as unreachable, with why.
 * Throws `ScanInputError` for input that is no URL; everything the target does is a result.
 */
export async function scan(input: string, options: ScannerOptions = {}): Promise<CheckResult> {
  const started = performance.now();
  const normalized = normalizeScanUrl(input);
  if (!normalized.ok) throw new ScanInputError(normalized.message);
  const now = options.now?.() ?? new Date();
  const network = options.network ?? {};
  const fetchOptions: GuardedFetchOptions = {
    resolver: network.resolver ?? createResolver({ servers: network.dnsServers ?? [] }),
    allowPrivateNetworks: network.allowPrivateNetworks === true,
    userAgent: options.userAgent,
    timeoutMs: network.timeoutMs,
    maxBytes: network.maxBytes,
    maxRedirects: network.maxRedirects,
    trustedCertificates: network.trustedCertificates,
    connectPorts: network.connectPorts,
    upstreamProxyUrl: network.upstreamProxyUrl,
  };

  const schemeFallback = options.schemeFallback ?? normalized.schemeAdded;
  await options.onStage?.('fetching');
  const fetchStarted = performance.now();
  const { collected, httpsFailed } = await collectWithFallback(normalized.url, schemeFallback, { ...fetchOptions, now });
  collected.fetchMs = Math.round(performance.now() - fetchStarted);
  const unreachable = reachabilityOf(collected);
  let capture: Capture | undefined;
  if (options.render && !collected.failure) {
    await options.onStage?.('rendering');
    const outcome = await options.render(collected, fetchOptions);
    collected.rendered = outcome?.html === undefined ? null : outcome;
    capture = outcome?.capture;
  }

  if (options.viewers && options.viewers.length > 0) collected.viewers = await otherViewers(collected, capture, options, fetchOptions, now);
  await options.onStage?.('judging');
  // A code drawn from an inline image can be missing from the screenshot (the image not yet decoded
  // on a loaded machine): the images the HTML carries inline are then read as a static scan reads them.
  const drawnCodes = collected.rendered?.qrCodes ?? [];
  collected.qrCodes = drawnCodes.length > 0 ? drawnCodes : await staticQrCodes(pageHtml(collected));
  const context = buildCheckContext(collected, now, options.protectedDomains);
  // A target the guard refused is not ours to look into: its DNS records, PTR and neighbours would
  // disclose an internal network (`metadata.google.internal` is 169.254.169.254).
  const refused = collected.failure?.refused === true;
  const extended = refused ? {} : await gatherExtended(collected, context.page, options, fetchOptions, now);
  const urlVerdict = options.urlVerdict ?? urlVerdictOf(collected.requestedUrl);
  const chain = redirectChain(collected, capture);
  // The refused address is not sent on to the lookup's outside sources either.
  const judged = refused ? chain.filter((url) => url !== collected.failure?.url) : chain;
  const hops = await judgeHops(judged, options.judgeUrl ?? urlVerdictOf);
  const allChecks = scanChecks(extended, [threatIntelCheck(urlVerdict, hops), ...(options.extraChecks ?? [])]);
  const profile = options.profile ?? defaultScanProfile(allChecks);
  const checks = withSides(applyProfile(withFrameFindings(runChecks(allChecks, collected, context), collected, context), profile));
  // Checks that could not look found nothing, which is no evidence of safety: a page we could not load is never Secure or Good.
  const overall = unreachable ? Math.max(overallScore(checks), UNREACHABLE_FLOOR) : overallScore(checks);
  const ip = refused ? null : (collected.finalAddress ?? collected.addresses[0]?.address ?? null);
  const html = pageHtml(collected);
  if (html !== null) options.keepPageHtml?.(html);
  return {
    url: collected.requestedUrl,
    final_url: collected.rendered?.finalUrl ?? collected.finalUrl,
    redirect_chain: chain,
    ip,
    scanned_at: now.toISOString(),
    duration_ms: Math.round(performance.now() - started),
    geo_location: options.geoLocation ?? UNKNOWN_LOCATION,
    screenshot_link: collected.rendered?.screenshot ?? null,
    overall_risk: overall,
    risk_score_text: { name: riskLevelForScore(overall) },
    classification: classify(checks),
    ai_analysis: null,
    checks,
    recently_scanned: false,
    reachable: unreachable === null,
    unreachable,
    https_failed: httpsFailed,
    ...extendedResults(extended),
    ...(capture ? { capture: await annotateRequestHosts(capture) } : {}),
    hosting: ip ? await hostingOf(ip) : null,
    certificate: collected.tls ? certificateOf(collected.tls) : null,
    page_sha256: html === null ? null : sha256Hex(html),
    domain_created: extended.registration?.registered ?? null,
    ...(collected.viewers ? { viewers: collected.viewers } : {}),
  };
}

/**
 * The scan's own visit as the first viewer, then each other viewer one after another (they share
 * the browser pool with every other scan), compared with it.
 */
async function otherViewers(
  collected: Collected,
  capture: Capture | undefined,
  options: ScannerOptions,
  fetchOptions: GuardedFetchOptions,
  now: Date,
) {
  const userAgent = options.userAgent ?? defaultUserAgent().value;
  const location = options.geoLocation;
  const first = seenPage(
    {
      device: deviceProfileFor(userAgent).isMobile ? 'phone' : 'desktop',
      // A location without a flag is the unconfigured server default, which names no country.
      country: location?.country_flag ? location.country_name : null,
      userAgent,
      upstreamProxyUrl: fetchOptions.upstreamProxyUrl ?? null,
    },
    collected,
    capture,
  );
  const others = [];
  for (const setting of options.viewers ?? [])
    others.push(await viewAs(collected.requestedUrl, setting, fetchOptions, options.render, now));
  return compareViewers(first, others);
}
