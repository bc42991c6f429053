export { normalizeScanUrl, EMPTY_URL_MESSAGE, INVALID_URL_MESSAGE, type NormalizedUrl } from '@riskscan/contracts';
export { urlFacts, sameSite, siteOf, type UrlFacts } from './url/url-facts.ts';
export { refang } from './url/refang.ts';

export {
  assertPublicHost,
  checkEgressTarget,
  EgressRefusedError,
  isForbiddenAddress,
  isInternalHostName,
  isInternalUrl,
  parseIpLiteral,
  type EgressPolicy,
  type EgressRefusal,
  type PinnedTarget,
} from './net/egress-guard.ts';
export { isBadPort } from './net/address-policy.ts';
export { trustingTls } from './net/trusted-certificates.ts';
export {
  guardedFetch,
  GuardedFetchError,
  FETCH_LIMITS,
  type GuardedFetchOptions,
  type GuardedResponse,
  type FetchHop,
} from './net/guarded-fetch.ts';
export {
  createResolver,
  parseDnsServers,
  ResolveError,
  type HostResolver,
  type RecordAnswer,
  type RecordResolver,
  type RecordType,
  type ResolvedAddress,
  type ResolverOptions,
} from './net/resolver.ts';
export type { TlsCertificateInfo } from './net/tls-certificate.ts';

export type {
  Collected,
  CollectFailure,
  RedirectStep,
  RenderedPage,
  RenderedRequest,
  RenderMiss,
  StaticResponse,
} from './collect/collected.ts';
export { pageHtml } from './collect/collected.ts';
export { collectStatic, type CollectOptions } from './collect/collect-static.ts';
export { parsePage, type PageFacts } from './page/page-facts.ts';

export { defineCheck, type Check, type CheckContext, type DetailDefinition, type Finding } from './checks/check.ts';
export { buildCheckContext } from './checks/check-context.ts';
export { scannedPageVerdict, type ScannedPageVerdict } from './checks/page-verdict.ts';
export {
  type Confirmation,
  confirmedThreat,
  evidenceConfidence,
  type FeedEvidence,
  THREAT_INTEL_CATEGORY,
  threatIntelCheck,
} from './checks/threat-intel.ts';
export { warmUrlVerdicts } from './checks/url-verdicts.ts';
export { CORE_CHECKS } from './checks/registry.ts';

export { overallScore } from './scoring/overall-score.ts';

export { classify } from './scoring/classify.ts';
export { CLASSIFICATION_RULES } from './scoring/classification-rules.ts';
export { applyProfile, defaultScanProfile, DEFAULT_PROFILE_UID } from './checks/scan-profile.ts';

export { scan, runChecks, ScanInputError } from './scan.ts';
export type { ScannerOptions, ScanNetworkOptions, RenderStage } from './scan-options.ts';
export type { IpIntelligenceSources, NetworkListing, NetworkReputation } from './extended/ip-intelligence.ts';
export type { PassiveDnsSource } from './extended/passive-dns.ts';
export {
  lookupNetworkRegistration,
  lookupRegistration,
  type DomainRegistration,
  type NetworkLookupOptions,
  type NetworkRegistration,
  type RdapLookupOptions,
} from './extended/rdap.ts';
export { EXTENDED_CATEGORIES } from './checks/registry.ts';
export { webtechGlobalNames } from './extended/webtech-fingerprints.ts';

export * from './intel/index.ts';
export * from './brand/index.ts';
export * from './verdict/index.ts';
export * from './popularity/index.ts';
export * from './url-knowledge/index.ts';
export * from './mail/index.ts';
export { findChromium } from './browser/chromium-path.ts';
export { createBrowserPool, BrowserDeadlineError, type BrowserPool, type BrowserPoolOptions } from './browser/browser-pool.ts';
export { createBrowserRenderStage, type BrowserStageOptions } from './browser/browser-render-stage.ts';
export { DEFAULT_CAPTURE_LIMITS, type CaptureLimits } from './browser/capture-page.ts';
export { startEgressProxy, type EgressProxy } from './browser/egress-proxy.ts';
export { cliCapture, formatCapture, type CliCapture } from './browser/cli-capture.ts';
export { compareViews, type CloakingComparison } from './collect/cloaking.ts';
export { type ViewerSetting, viewerLabel } from './viewers/index.ts';
export { deviceUserAgent } from './user-agents/user-agent-catalogue.ts';
export { directoryScreenshotStore, screenshotFileName, SCREENSHOT_NAME_PATTERN, type ScreenshotStore } from './capture/screenshot-store.ts';
export {
  userAgentGroups,
  userAgentCatalogue,
  findUserAgent,
  defaultUserAgent,
  deviceProfileFor,
  type UserAgentEntry,
  type UserAgentGroup,
} from './user-agents/user-agent-catalogue.ts';
export {
  parseScanProxies,
  chooseLocation,
  countryOptions,
  countryName,
  flagPath,
  type ScanLocation,
  type LocationChoice,
} from './location/scan-locations.ts';
export { locateIp } from './extended/ip-geo.ts';
export { lookupAsn } from './extended/asn-table.ts';
export { bundledFingerprints } from './extended/webtech-fingerprints.ts';
export { bundledKnownVulnerabilities } from './extended/known-vulnerable-versions.ts';
// The page model's weights are rebuilt and judged by `npm run train:page` and `eval:page`.
export { defaultPageModel, pageSignals, PAGE_FEATURES, PAGE_MODEL_REPORT, type PageModelWeights } from './checks/page-model/page-model.ts';
export { s3Objects, objectUrl, S3RequestError, type S3Settings, type S3Bucket, type S3Objects } from './capture/s3-objects.ts';
export { s3ScreenshotStore } from './capture/s3-screenshot-store.ts';

export { decodeQrImage, qrCodeTexts, dataImageBytes, QR_LIMITS, type QrDecoding } from './qr/qr-decoder.ts';
export { imageSize, type ImageSize } from './qr/image-size.ts';
export * from './bounded-work/index.ts';
