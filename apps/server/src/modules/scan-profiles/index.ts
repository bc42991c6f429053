// The scan profiles module's public face: its routes and the profile a scan runs with.
export { PROFILE_NOT_FOUND, profileForScan } from './scan-profiles.service.ts';
export { scanProfilesRoutes } from './scan-profiles.routes.ts';
