export { type Allowlist, createAllowlist, defaultAllowlist } from './allowlist.ts';
export { FEED_FORMATS, type FeedFormat, parseFeed } from './feeds/parse-feed.ts';
export { FeedFormatError } from './feeds/phishtank-json.ts';
export { type ListedNetwork, parseSpamhausAsnDrop } from './feeds/spamhaus-asn-drop.ts';
export { type HostParts, hostParts } from '../url/host-parts.ts';
export {
  type FeedEntry,
  type Indicator,
  INDICATOR_KINDS,
  type IndicatorKind,
  THREAT_TYPES,
  type ThreatType,
  urlIndicator,
} from './indicator.ts';
export {
  type ReputationExcerpt,
  type ReputationHit,
  ReputationIndex,
  type ReputationKeys,
  type ReputationQuery,
  type ReputationRecord,
} from './reputation-index.ts';
export { findThreatMatches, SafeBrowsingError, type SafeBrowsingMatch, type SafeBrowsingOptions } from './safe-browsing-client.ts';
export { parseFeedUrl, urlKey } from './url-key.ts';
