// The scans module's public face: the module's factory (queue, scan job, queue figures), the scan
// routes, and the read models over scans (history, the public board, the free-scan ledger).
export { freeScanRoutes } from './free-scan.routes.ts';
export type { PlanAllowance, QuotaUse } from './plan-allowance.ts';
export { recentScansRoutes } from './recent-scans.routes.ts';
export { scanHistoryRoutes } from './scan-history.routes.ts';
export { missingScanPage, scanPageMeta } from './scan-page-meta.ts';
export type { ScanInput } from './scan-policy.ts';
export { requestScan, requestServiceScan, type ScanRequestContext } from './scan-request.service.ts';
export { longestScanMs, waitForScan } from './scan-waiting.ts';
export { scanCallbackSender } from './scan-callbacks.ts';
export type { ScanQueue } from './scan-queue.ts';
export { findScanByUid, findScanPage, type ScanRow } from './scans.repository.ts';
export { viewableScan } from './scan-reads.ts';
export { createScansModule, type ScansModule, type ScansModuleDeps } from './scans.module.ts';
export { scansRoutes } from './scans.routes.ts';
