import { scanEnded } from '@riskscan/contracts';
import type { ScannerOptions } from '@riskscan/scanner';
import type { FastifyInstance } from 'fastify';
import { startFixtureWorld, type FixtureWorld } from '@riskscan/scanner/testing';
import { createUser, signInAs } from '../../accounts/testing/account-factory.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { fixedPlan, type PlanTerms } from './fixed-plan-allowance.ts';

/** A paid plan's terms for tests of plan-gated features (the memberships module will own the real plans). */
export const BUSINESS_PLAN: PlanTerms = {
  scans_count: 20_000,
  tokens_count: 30_000,
  flags: { plan: 'Business', api_access: true, export_results: true, data_export: true, scan_profiles: true },
};

/** A fixture site every scan test can reach under its real name. */
export const FIXTURE_URL = 'https://sunny-garden-blog.com/';

export type ScanTestWorld = TestApp & { world: FixtureWorld; signedInUser(): Promise<{ id: number; uid: string; token: string }> };

/**
 * The real app on a fresh database, scanning the scanner's fixture sites through their loopback
 * DNS and test CA (private networks allowed, as SCAN_ALLOW_PRIVATE_NETWORKS=true does), without
 * the browser unless `browser` is set.
 */
export async function startScanTestWorld(
  options: {
    env?: Record<string, string>;
    plan?: PlanTerms;
    browser?: boolean;
    /** Scanner settings over the world's; a function when they depend on the world (its resolver). */
    scanner?: Partial<ScannerOptions> | ((world: FixtureWorld) => Partial<ScannerOptions>);
  } = {},
): Promise<ScanTestWorld> {
  const world = await startFixtureWorld();
  const testApp = await createTestApp(
    // Chromium only where a test asks for it (`browser: true`): it is slow on two cores and most scan tests judge the static page.
    // Callbacks and alerts are retried after 50 ms.
    {
      SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
      SCAN_RETRY_DELAY_MS: '50',
      SCAN_BROWSER: String(options.browser ?? false),
      DELIVERY_RETRY_DELAY_MS: '50',
      ...options.env,
    },
    {
      scanner: { ...world.scanOptions, ...(typeof options.scanner === 'function' ? options.scanner(world) : options.scanner) },
      ...(options.plan ? fixedPlan(options.plan) : {}),
    },
  );
  return {
    ...testApp,
    world,
    async signedInUser() {
      const user = await createUser(testApp.app);
      const session = await signInAs(testApp.app, user);
      return { id: user.id, uid: user.uid, token: session.token };
    },
    async close() {
      await testApp.close();
      await world.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Polls `GET /scans/{uid}/` until the scan has finished. */
export async function finishedScan(app: FastifyInstance, uid: string, headers: Record<string, string>) {
  for (let tries = 0; tries < 200; tries++) {
    const response = await app.inject({ method: 'GET', url: `/api/v1/scans/${uid}/`, headers });
    const body = response.json();
    if (scanEnded(body.status)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`scan ${uid} did not finish`);
}
