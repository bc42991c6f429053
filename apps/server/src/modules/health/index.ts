// The health module's public face: the web app's health check and the orchestrators' probes.
export { healthRoutes, probeRoutes } from './health.routes.ts';
