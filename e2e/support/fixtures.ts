import path from 'node:path';
import { test as base, type PlaywrightTestArgs, type TestFixture } from '@playwright/test';
import pg from 'pg';
import { createMember, deleteMember, type Member } from './members.ts';

export { expect } from '@playwright/test';

type MemberFixtures = { member: Member; otherMember: Member };
type WorkerFixtures = { serverDatabase: pg.Pool };

/** A fresh member for the test, deleted from the server's database afterwards, passed or failed. */
const freshMember: TestFixture<Member, MemberFixtures & WorkerFixtures & PlaywrightTestArgs> = async (
  { request, serverDatabase },
  use,
  testInfo,
) => {
  const member = await createMember(request, path.basename(testInfo.file, '.spec.ts'));
  await use(member);
  await deleteMember(serverDatabase, member);
};

/**
 * Playwright's `test` with a `member` (epic-stack's way): a fresh account, signed up and
 * activated through the product's own API and mailed link before the test, handed to it, and
 * deleted after it. `otherMember` is a second one, for a test where two people share a browser.
 */
export const test = base.extend<MemberFixtures, WorkerFixtures>({
  // One connection a worker to the database of the server under test (the global setup's).
  serverDatabase: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const url = process.env.E2E_DATABASE_URL;
      if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await use(pool);
      await pool.end();
    },
    { scope: 'worker' },
  ],
  member: freshMember,
  otherMember: freshMember,
});
