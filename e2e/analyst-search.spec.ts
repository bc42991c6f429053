import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/*
 * Issue 31, analysts: the report lists the page's requests with pivots, a search by domain finds a
 * scan made a moment earlier, and a search by IP finds the scans of its siblings on that address;
 * axe stays clean on the report and the search page, on a desktop and a phone.
 */

const SCAN_WAIT_MS = 45_000;

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test.describe('analysts: requests, search and pivots', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the report lists the requests; its domain and IP pivot to searches that find it and its siblings', async ({
    page,
    member,
    request,
  }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    // A sibling on the same address (every fixture site is served from 127.0.0.1), scanned by a member through the API.
    const sibling = await request.post('/api/v1/scans/', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { url: `https://bergstrom-dental.ch/?e2e=${tag}`, new: true, wait: true },
    });
    expect(sibling.status()).toBe(200);
    const siblingUid: string = (await sibling.json()).uid;

    const url = `https://sunny-garden-blog.com/?e2e=${tag}`;
    await page.goto('/');
    await page.getByRole('textbox', { name: 'URL to scan' }).fill(url);
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Results:/ })).toBeVisible({ timeout: SCAN_WAIT_MS });

    const network = page.getByRole('region', { name: 'Page and network' });
    await expect(network.getByRole('heading', { name: /^Requests \(\d+\)$/ })).toBeVisible();
    const requests = network.getByRole('table');
    await expect(requests.getByRole('row').filter({ hasText: url })).toHaveCount(1);
    await expect(requests.getByRole('row').filter({ hasText: url }).getByRole('cell', { name: 'document' })).toBeVisible();
    await expect(network.getByText('Certificate')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Domain pivot: the search page finds the scan made a moment earlier.
    await network.getByRole('link', { name: 'sunny-garden-blog.com' }).first().click();
    await expect(page).toHaveURL(/\/search\?q=domain%3Asunny-garden-blog\.com$/);
    await expect(page.getByRole('heading', { name: /scans? found$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: url })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // IP pivot from the search box: the sibling on the same address is found too.
    await page.getByRole('searchbox', { name: 'Search scans' }).fill('ip:127.0.0.1');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('link', { name: `https://bergstrom-dental.ch/?e2e=${tag}` })).toHaveAttribute(
      'href',
      `/scan/${siblingUid}`,
    );
    await expect(page.getByRole('link', { name: url })).toBeVisible();

    // A clear 400 in plain words for a search the server cannot read.
    await page.getByRole('searchbox', { name: 'Search scans' }).fill('colour:red');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Unknown search field "colour:"');

    // Phone: the search results and the report's request table scroll inside their boxes, nothing spills off the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search?q=ip%3A127.0.0.1');
    await expect(page.getByRole('link', { name: url })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: url }).click();
    // On a phone the requests start folded (issue 37): unfolded, they still fit the screen.
    await page.getByRole('button', { name: /^Show the \d+ requests$/ }).click();
    await expect(page.getByRole('region', { name: 'Page and network' }).getByRole('table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
