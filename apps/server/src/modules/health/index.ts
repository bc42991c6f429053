// The health module's public face: the health route and the liveness and readiness probes.
export { healthRoutes, probeRoutes } from './health.routes.ts';
