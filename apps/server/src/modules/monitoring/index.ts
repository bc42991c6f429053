/** Domain monitoring (issue 19): watched domains, their look-alikes, lifecycle, discovery and alerts. */
export { monitoringPlugin, type MonitoringPluginOptions } from './monitoring.plugin.ts';
export { monitorAlertSender } from './alerts.ts';
export { monitorsRoutes } from './monitors.routes.ts';
export { startMonitoringWorkerProcess } from './monitoring-worker.ts';
export { listSuspiciousLookalikes } from './suspicious-lookalikes.repository.ts';
export { lookalikesWatchedBy } from './lookalikes.repository.ts';
export { hostFirstSeenInCtLogs } from './ct-log/index.ts';
