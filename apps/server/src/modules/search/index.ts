// The search module's face: its routes, and the indexing the scans module calls when a report is stored.
export { indexFinishedScan, searchIndexIsEmpty, type FinishedScan } from './search-service.ts';
export { searchRoutes } from './search.routes.ts';
