// The verdict-reports module's public face: users report wrong verdicts, operators review them.
export { verdictReportsRoutes, type VerdictReportsOptions } from './verdict-reports.routes.ts';
