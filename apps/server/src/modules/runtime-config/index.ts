// The runtime configuration the web app reads at start.
export { runtimeConfigRoutes } from './runtime-config.routes.ts';
