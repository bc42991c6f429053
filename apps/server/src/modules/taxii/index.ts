/** Read-only TAXII 2.1 feed of riskscan's findings as STIX 2.1 indicators (issue 20). */
export { taxiiRoutes, type TaxiiOptions } from './taxii.routes.ts';
export {
  accountLookalikesSource,
  dangerScansSource,
  type FeedPosition,
  type IndicatorSource,
  type TaxiiViewer,
} from './indicator-sources.ts';
export type { Finding } from './stix-indicator.ts';
