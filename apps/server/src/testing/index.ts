/**
 * The server's testing entry (`@riskscan/server/testing`), for bench/ and reliability/: the same
 * harnesses the server's tests use (a test app and database, accounts, the scan fixture world, the
 * API fuzzer, stand-ins), and the parts of modules a benchmark drives directly, bypassing the HTTP
 * API to measure them. Nothing here is part of the running server.
 */
export { createTestApp, type TestApp } from './test-app.ts';
export { createTestDatabase, type TestDatabase } from './test-database.ts';
export { startFuzzWorld, type FuzzWorld } from './fuzz-world.ts';
export { fuzzOpenApi, type FuzzReport } from './openapi-fuzz.ts';
export { createUser, signInAs, signedInUser, GOOD_PASSWORD } from '../modules/accounts/testing/account-factory.ts';
export { startScanTestWorld, BUSINESS_PLAN, FIXTURE_URL } from '../modules/scans/testing/scan-test-world.ts';
export { fixedPlan } from '../modules/scans/testing/fixed-plan-allowance.ts';
export { LOOKALIKE_HOSTS, squidLog } from '../modules/triage/testing/proxy-logs.ts';
export { certificateOf, merkleTreeLeaf, startCtLogStandIn, tbsCertificate } from '../modules/monitoring/testing/ct-log-stand-in.ts';

// Module parts benchmarks measure on their own.
export { hashPassword } from '../modules/accounts/password-hashing.ts';
export { activateUser, insertUser } from '../modules/accounts/users.repository.ts';
export { decodeLeaf, pollCtLogs } from '../modules/monitoring/ct-log/index.ts';
export { LookalikeMatcher } from '../modules/monitoring/lookalike-matcher.ts';
export type { Fingerprint, FingerprintKind } from '../modules/search/search-likeness.ts';
export { searchScans } from '../modules/search/search-service.ts';
export { insertFingerprints } from '../modules/search/search.repository.ts';
