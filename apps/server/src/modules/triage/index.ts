/** E-mail and proxy-log triage for security teams (issue 20). */
export { triageRoutes, type TriageRoutesOptions } from './triage.routes.ts';
export { triageEmail, type QueueScans } from './email-triage.service.ts';
export { shortLinkExpander } from './short-links.ts';
