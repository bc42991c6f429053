import { startLoopbackDns, type LoopbackDns } from '@riskscan/scanner/testing';
import { sql } from 'kysely';
import { signInAs, signedInUser, type SignedInUser } from '../modules/accounts/testing/account-factory.ts';
import { BROKEN_CALLERS, type FuzzCaller, type FuzzRequest } from './openapi-fuzz.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Operations that spend a scan of the caller's plan when they accept a request. */
const SPENDING = new Set(['GET /api/v1/check-url/', 'POST /api/v1/scans/']);

export type FuzzWorld = {
  t: TestApp;
  user: SignedInUser;
  /** Nobody, the signed-in user (signed in again when a fuzzed request signed them out), broken credentials. */
  callers(): Promise<FuzzCaller[]>;
  /** Counts the signed-in user's accepted scan requests; pass to `fuzzOpenApi`. */
  onResponse(request: FuzzRequest, status: number): void;
  /** What the signed-in user was charged, the scans recorded for them, and the requests that were accepted. */
  /** Units spent, scans that kept their charge (an unreachable scan is refunded), all scans, and accepted requests. */
  spending(): Promise<{ charged: number; kept: number; scans: number; accepted: number }>;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database for fuzzing: its scanner asks a loopback DNS server that
 * knows no names (so a scan of anything ends quickly, and nothing leaves the machine), no browser,
 * no request limits in the way, and the callers to send as: nobody, a signed-in user, broken credentials.
 */
export async function startFuzzWorld(): Promise<FuzzWorld> {
  const dns: LoopbackDns = await startLoopbackDns({});
  const t = await createTestApp({
    SCAN_DNS_SERVERS: dns.server,
    SCAN_BROWSER: 'false',
    SCAN_ATTEMPTS: '1',
    SCAN_TIME_LIMIT_MS: '10000',
    RATE_LIMIT_MAX: '1000000',
    LOOKUP_BATCH_RATE_LIMIT_MAX: '1000000',
    FREE_SCANS_PER_IP_PER_DAY: '1000000',
    BILLING_JOB_INTERVAL_SECONDS: '0',
    REPUTATION_REFRESH_MINUTES: '0',
  });
  const user = await signedInUser(t.app);
  let headers = user.headers;
  let accepted = 0;
  return {
    t,
    user,
    async callers() {
      const check = await t.app.inject({ method: 'GET', url: '/api/v1/user-details/', headers });
      if (check.statusCode === 401) headers = { authorization: `Bearer ${(await signInAs(t.app, user)).token}` };
      return [{ name: 'anonymous', headers: {} }, { name: 'signed-in', headers }, ...BROKEN_CALLERS];
    },
    onResponse(request, status) {
      if (request.caller === 'signed-in' && SPENDING.has(request.operation) && status >= 200 && status < 300) accepted += 1;
    },
    async spending() {
      const db = t.testDb.db;
      const charged = await db
        .selectFrom('usage_counters')
        .select(sql<number>`coalesce(sum(scans_used), 0)::int`.as('total'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const scans = await db
        .selectFrom('scans')
        .select(sql<number>`count(*)::int`.as('total'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const kept = await db
        .selectFrom('scans')
        .select(sql<number>`count(*)::int`.as('total'))
        .where('user_id', '=', user.id)
        .where('charged', '=', 'plan')
        .executeTakeFirstOrThrow();
      return { charged: charged.total, kept: kept.total, scans: scans.total, accepted };
    },
    async close() {
      await t.close();
      await dns.close();
    },
  };
}
