/** Domain monitoring (issue 19): watched domains, their look-alikes, lifecycle and alerts. */
export { monitoringPlugin, type MonitoringPluginOptions } from './monitoring.plugin.ts';
export { monitorsRoutes } from './monitors.routes.ts';
export { monitoringTick } from './scheduler.ts';
export { createMonitoringContext } from './monitoring-runtime.ts';
