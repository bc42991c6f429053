import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/members.ts';

/*
 * axe-core on the pages people land on (issue 22): no serious or critical violation, one h1 per
 * view, and on a 390-px phone the scan form above the cookie banner and the score first.
 */

const SCAN_WAIT_MS = 45_000;

/** For contrast failures, the colours axe measured: what to change. */
const colours = (checks: { data?: unknown }[]) =>
  checks
    .map(({ data }) => data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined)
    .filter((data) => data?.fgColor)
    .map((data) => `(${data!.fgColor} on ${data!.bgColor}: ${data!.contrastRatio})`)
    .join('');

/** The serious and critical violations axe finds, as `rule: selectors` lines that say where. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${colours(node.any)}`).join(', ')}`);
}

async function scanFixture(page: Page, tag: string) {
  await page.goto('/');
  const url = `sunny-garden-blog.com/?e2e=a11y-${tag}-${Math.random().toString(36).slice(2, 8)}`;
  await page.getByRole('textbox', { name: 'URL to scan' }).fill(url);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Results:/ })).toBeVisible({ timeout: SCAN_WAIT_MS });
}

test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const [name, path, heading] of [
    ['home', '/', /./],
    ['pricing', '/pricing', /./],
    ['sign-up', '/signup', /./],
  ] as const) {
    test(`${name} has no serious or critical violations and one h1`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('profile has no serious or critical violations', async ({ page, member }) => {
    await signInAs(page, member);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the log hunt, before and after a hunt, has no serious or critical violations', async ({ page, member }) => {
    await signInAs(page, member);
    await page.goto('/profile/log_hunt');
    await expect(page.getByRole('heading', { level: 2, name: 'Log hunt' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A squid line to a page of the loopback world: the results are a state of their own.
    const line = `${Math.floor(Date.now() / 1000)}.000 12 10.0.0.7 TCP_MISS/200 512 GET http://sunny-garden-blog.com/ - HIER_DIRECT/127.0.0.1 text/html`;
    await page.getByLabel('Proxy log').setInputFiles({ name: 'access.log', mimeType: 'text/plain', buffer: Buffer.from(`${line}\n`) });
    // Read with Squid's default logformat given as a template: the template field is part of the form.
    await page.getByLabel('Format').selectOption('template');
    await page
      .getByLabel('Template (the logformat line of squid.conf)')
      .fill('%ts.%03tu %6tr %>a %Ss/%03>Hs %<st %rm %ru %[un %Sh/%<a %mt');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start the hunt' }).click();
    await expect(page.getByRole('heading', { level: 3, name: 'Results' })).toBeVisible({ timeout: SCAN_WAIT_MS });
    await expect(page.getByText('1 (0 not readable as visits, 0 without a host, 0 headers or blank)')).toBeVisible();
    await expect(page.getByText('template', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the threat feeds page has no serious or critical violations', async ({ page, member }) => {
    await signInAs(page, member);
    await page.goto('/profile/feeds');
    await expect(page.getByRole('heading', { level: 2, name: 'Threat feeds' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'What is published' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the result has no serious or critical violations, one h1 that takes the focus, and its screenshot loads', async ({ page }) => {
    await scanFixture(page, 'result');
    const heading = page.getByRole('heading', { level: 1, name: /^Results:/ });
    await expect(heading).toBeFocused();
    await expect(page.locator('h1')).toHaveCount(1);
    const screenshot = page.getByRole('img', { name: /^Screenshot of/ });
    await expect(screenshot).toBeVisible();
    const width = await screenshot.evaluate(async (img: HTMLImageElement) => {
      await img.decode().catch(() => undefined);
      return img.naturalWidth;
    });
    expect(width).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('on a 390-px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 90_000 });

  test('the URL box and Check button show without scrolling, above the cookie banner; the score leads the result', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('textbox', { name: 'URL to scan' });
    const check = page.getByRole('button', { name: 'Check' });
    await expect(box).toBeInViewport({ ratio: 1 });
    await expect(check).toBeInViewport({ ratio: 1 });
    const banner = page.getByRole('region', { name: /cookie/i }).or(page.getByRole('dialog', { name: /cookie/i }));
    if (await banner.count()) {
      const bannerTop = (await banner.first().boundingBox())!.y;
      expect((await check.boundingBox())!.y + (await check.boundingBox())!.height).toBeLessThanOrEqual(bannerTop);
      expect((await box.boundingBox())!.y + (await box.boundingBox())!.height).toBeLessThanOrEqual(bannerTop);
    }

    await scanFixture(page, 'phone');
    await expect(page.getByLabel('Overall risk')).toBeInViewport();
    // Issue 37: a phone report was 11,000-15,000 px tall; with checks that found nothing and the
    // browser's requests folded it stays under a third of that, nothing lost. Alone this report is
    // about 3,500 px; in a full run its lists of what else was scanned on the address (the other
    // specs' public scans) make it about 4,100 px, so the bound is a third of the tallest.
    const report = page.getByRole('region', { name: 'Scan result' });
    expect((await report.boundingBox())!.height).toBeLessThan(15_000 / 3);
    await page.getByRole('button', { name: /^Show the \d+ requests$/ }).click();
    await expect(page.getByRole('table', { name: 'Requests the browser made for the page' })).toBeVisible();
  });
});
