/** Read-only TAXII 2.1 feed of riskscan's findings as STIX 2.1 indicators (issue 20). */
export { taxiiRoutes, TAXII_MEDIA_TYPE, STIX_MEDIA_TYPE, type TaxiiOptions } from './taxii.routes.ts';
export { dangerScansSource, type FeedPosition, type IndicatorSource, suspiciousLookalikesSource } from './indicator-sources.ts';
export type { Finding } from './stix-indicator.ts';
