import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/fixtures.ts';
import { startHeldSite } from './support/held-site.ts';
import { signInAs } from './support/members.ts';

/*
 * Every public scan has a page of its own (issue 22): linked from the result and the board, with
 * its own title and link-preview tags served by the server, and the report's downloads on it.
 */

const SCAN_WAIT_MS = 45_000;

test.describe('scan permalink page', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the result and the board link to a page of its own that previews as the scan', async ({ page, request }) => {
    const url = `https://sunny-garden-blog.com/?e2e=permalink-${Math.random().toString(36).slice(2, 8)}`;
    await page.goto('/');
    await page.getByRole('textbox', { name: 'URL to scan' }).fill(url);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Results:/ })).toBeVisible({ timeout: SCAN_WAIT_MS });
    const level = (await page.locator('.result-score__level').textContent())!;

    await page.getByRole('link', { name: 'Permalink', exact: true }).click();
    await expect(page).toHaveURL(/\/scan\/[0-9a-f-]{36}$/);
    const permalink = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: `Results: ${url}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${level} \\(\\d+/100\\): `));
    expect(
      (await page
        .getByRole('img', { name: /^Screenshot of/ })
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))) > 0,
    ).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );

    // A guest may look, not download: the page says so before any click, and nothing fails on one.
    await expect(page.getByRole('button', { name: 'CSV' })).toBeDisabled();
    await expect(page.getByText('to download reports; exports come with the Professional, Business and Ultra plans.')).toBeVisible();

    // Link previews read the server's HTML, not the app: it names the scan.
    const html = await (await request.get(permalink)).text();
    expect(html).toContain(`<meta property="og:title" content="${level} (`);
    expect(html).toContain(url);

    await page.goto('/');
    await expect(page.getByRole('link', { name: `Permalink of the scan of ${url}` })).toHaveAttribute('href', permalink);
  });

  test('an unknown or private scan says so, with a real 404', async ({ page }) => {
    const response = await page.goto('/scan/no-such-scan');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Scan not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('If it is one of yours, sign in to see it.');
  });

  test('a member’s scan still running shows its stage on its page and can be cancelled there (issue 37)', async ({
    page,
    member,
    request,
  }) => {
    // A site that takes its time: the scan waits in its fetching stage (up to the fetch's 15 s limit)
    // while the test opens its page and cancels it.
    const slow = await startHeldSite();
    const url = slow.url(`/?e2e=running-${Math.random().toString(36).slice(2, 8)}`);
    const queued = await request.post('/api/v1/scans/', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { url, new: true, dns_checks: true, ip_checks: true, page_checks: true, webtech_check: true },
    });
    expect(queued.status()).toBe(202);
    const { uid } = (await queued.json()) as { uid: string };

    await signInAs(page, member);
    await page.goto(`/scan/${uid}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Scan in progress' })).toBeVisible();
    const stages = page.getByRole('list', { name: 'Scan stages' });
    // A stage passed says so to a screen reader: "Queued (done)".
    await expect(stages.getByRole('listitem')).toHaveText([
      /^Queued/,
      /^Fetching the page/,
      /^Rendering it in a browser/,
      /^Judging what was found/,
    ]);
    await expect(stages.locator('[aria-current="step"]')).toHaveCount(1);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel scan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Scan cancelled' })).toBeVisible();
    const ended = await request.get(`/api/v1/scans/${uid}/`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(await ended.json()).toMatchObject({ status: 'cancelled', stage: null, data: null });
    slow.close();
  });
});
