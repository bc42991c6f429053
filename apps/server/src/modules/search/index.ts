// The search module's face: its routes, and the indexing the scans module calls when a report is stored.
export { indexFinishedScan, presentHit, searchIndexIsEmpty, type FinishedScan } from './search-service.ts';
export { type IndexedDocument, matchesScan } from './search-match.ts';
export { type ParsedSearch, parseSearch } from './search-query.ts';
export { findIndexedScans, type IndexedScan } from './search.repository.ts';
export { searchRoutes } from './search.routes.ts';
