/** Domain monitoring (issue 19): watched domains, their look-alikes, lifecycle, discovery and alerts. */
export { createMonitoringModule, type Monitoring, type MonitoringModule, type MonitoringModuleDeps } from './monitoring.module.ts';
export { monitorAlertSender } from './alerts.ts';
export { monitorsRoutes } from './monitors.routes.ts';
export { listSuspiciousLookalikes } from './suspicious-lookalikes.repository.ts';
export { lookalikesWatchedBy } from './lookalikes.repository.ts';
export { hostFirstSeenInCtLogs } from './ct-log/index.ts';
