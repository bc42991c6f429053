/** riskscan's findings as feeds: read-only TAXII 2.1 (STIX 2.1 indicators, issue 20) and a MISP feed (issue 28). */
export { taxiiRoutes, type TaxiiOptions } from './taxii.routes.ts';
export { mispFeedRoutes, type MispFeedOptions } from './misp-feed.routes.ts';
export {
  accountLookalikesSource,
  dangerScansSource,
  type FeedPosition,
  type IndicatorSource,
  type TaxiiViewer,
} from './indicator-sources.ts';
export type { Finding } from './stix-indicator.ts';
