// The health module's public face: the liveness route.
export { healthRoutes } from './health.routes.ts';
