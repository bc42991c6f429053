// The lookup module's public face: the fast verdict and reputation index (`createLookupModule`), its routes, and the threat intelligence scans and comments consult.
export { createLookupModule, type LookupModule, type LookupModuleDeps } from './lookup.module.ts';
export { accountHuntLookup, accountJudge, type JudgeFor } from './account-judge.ts';
export { lookupRoutes } from './lookup.routes.ts';
export { networkListingSource, type NetworkBlocklistSettings } from './network-blocklist.ts';
export { type ThreatIntel, verdictUrlRisk } from './threat-intel.ts';
export { LookupService, type LookupOptions, visitQuery, visitReputation, type VisitReputation } from './lookup.service.ts';
export { openCliContext, type CliContext } from './cli-database.ts';
export { openCliJudge, type JudgeUrls } from './cli-judge.ts';
export { type CliIo, processIo } from './cli-io.ts';
export { listVersionedPublications, type Retraction, type VersionedVerdict } from './published-verdicts.repository.ts';
