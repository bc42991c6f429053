import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/*
 * Issue 38, look-alike scans: two scans of one page (another query string each, as a kit's
 * re-deployments differ) are each other's look-alikes; the report says "N scans look like this"
 * with thumbnails linking to them, axe-clean on a desktop and on a phone.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test.describe('look-alike scans on the report', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a report lists the scans that look like it, with links, on a desktop and a phone', async ({ page, member, request }) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const scan = async (copy: string) => {
      const response = await request.post('/api/v1/scans/', {
        headers: { authorization: `Bearer ${member.token}` },
        data: { url: `https://sunny-garden-blog.com/?kit=${tag}-${copy}`, new: true, wait: true },
      });
      expect(response.status()).toBe(200);
      const body = await response.json();
      expect(body.data.capture.screenshot_hash).toMatch(/^[0-9a-f]{16}$/);
      expect(body.data.capture.dom_simhash).toMatch(/^[0-9a-f]{16}$/);
      return body.uid as string;
    };
    const first = await scan('a');
    const second = await scan('b');

    await page.goto(`/scan/${second}`);
    const lookalikes = page.getByRole('region', { name: /scans? looks? like this$/ });
    await expect(lookalikes).toBeVisible({ timeout: 30_000 });
    const firstLink = lookalikes.getByRole('group', { name: 'Screenshot' }).getByRole('link', { name: new RegExp(`kit=${tag}-a`) });
    await expect(firstLink).toHaveAttribute('href', `/scan/${first}`);
    await expect(firstLink.locator('img')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(firstLink).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
