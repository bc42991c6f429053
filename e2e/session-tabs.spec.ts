import { startFixtureWorld } from '@riskscan/scanner/testing';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { type E2eServer, startE2eServer } from './support/global-setup.ts';
import { createMember, type Member, signInAs } from './support/members.ts';

/*
 * Issue 37, item 1 (decision 340): two tabs of one browser share the session. With access tokens
 * that live 5 s, both tabs reload together once the token has expired: one refresh is spent for
 * both, neither tab is told it was idle, and the session stays alive on the server.
 */

const ACCESS_TOKEN_SECONDS = 5;
const IDLE = 'You have been idle for too long, please signin again.';

test.describe('two tabs and a short access token', () => {
  test.describe.configure({ timeout: 120_000 });
  let world: Awaited<ReturnType<typeof startFixtureWorld>>;
  let server: E2eServer;
  let member: Member;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    world = await startFixtureWorld();
    server = await startE2eServer(world, { ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_SECONDS) });
    // The member's activation mail lands in this server's outbox.
    const sharedDataDir = process.env.E2E_DATA_DIR;
    process.env.E2E_DATA_DIR = server.dataDir;
    const request = await playwright.request.newContext({ baseURL: server.baseUrl });
    try {
      member = await createMember(request, 'session-tabs');
    } finally {
      process.env.E2E_DATA_DIR = sharedDataDir;
      await request.dispose();
    }
  });

  test.afterAll(async () => {
    await server?.stop();
    await world?.close();
  });

  const membershipsLoaded = (page: Page) =>
    page.waitForResponse((response: Response) => new URL(response.url()).pathname === '/api/v1/memberships/' && response.ok());

  test('both tabs stay signed in across the refresh, which is spent once', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const tabA = await context.newPage();
    await signInAs(tabA, member);
    const tabB = await context.newPage();
    for (const tab of [tabA, tabB]) {
      const loaded = membershipsLoaded(tab);
      await tab.goto('/profile/license_details');
      await loaded;
    }
    const dialogs: string[] = [];
    const refreshes: { loggedIn: boolean }[] = [];
    for (const tab of [tabA, tabB]) {
      tab.on('dialog', (dialog) => dialogs.push(dialog.message()));
      tab.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/v1/auth/token') void response.json().then((body) => refreshes.push(body));
      });
    }

    // Let the access token expire, then open the page in both tabs at once.
    await tabA.waitForTimeout((ACCESS_TOKEN_SECONDS + 1) * 1000);
    await Promise.all([tabA, tabB].map((tab) => Promise.all([membershipsLoaded(tab), tab.reload()])));

    for (const tab of [tabA, tabB]) {
      await expect(tab.getByText(member.email).first()).toBeVisible();
      await expect(tab.getByText(IDLE)).toHaveCount(0);
    }
    expect(dialogs).toEqual([]);
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((answer) => answer.loggedIn)).toBe(true);

    // The session lives on at the server: the refresh token both tabs now hold still rotates.
    const stored = JSON.parse((await tabB.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { refreshToken: string };
    const rotated = await tabB.request.post('/api/v1/auth/token', { data: { refreshToken: stored.refreshToken } });
    expect((await rotated.json()).loggedIn).toBe(true);
    await context.close();
  });
});
