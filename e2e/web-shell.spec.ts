import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { sampleResult } from '../apps/web/src/components/scan-result/testing/sample-result.ts';

/** Puts entries in local storage as an earlier visit would have left them, then opens the home page. */
async function openHomeWith(page: Page, entries: Record<string, string>) {
  await page.goto('/about');
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, entries);
  await page.goto('/');
}

test.describe('cookie banner (SPEC §2, §4)', () => {
  test('shows until accepted, opens the Cookie Policy, and stays away after Accept', async ({ page, context }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();

    await banner.getByRole('button', { name: 'Cookie Policy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Policy' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog).toContainText('disable cookies in your browser settings');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === 'cookie_accept')?.value).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('the footer opens the same Cookie Policy modal', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie Policy' }).click();
    await expect(page.getByRole('dialog', { name: 'Cookie Policy' })).toBeVisible();
  });
});

test.describe('header and footer (SPEC §2)', () => {
  test('header links lead to their screens and the Solution dropdown to each content page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, heading] of [
      ['Blog', '/blog', 'Blog'],
      ['About Us', '/about', 'We make every link safe to click'],
      ['Pricing', '/pricing', 'Pricing'],
      ['Home', '/', 'Browsing Risk Test: Is this URL safe to visit?'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : `${path}$`}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    for (const [name, path] of [
      ['Use Cases', '/usecases'],
      ['Integration', '/integration'],
      ['Technology', '/technology'],
      ['Scam Categories', '/scam-categories'],
      ['FAQ', '/faq'],
    ] as const) {
      await nav.getByRole('button', { name: 'Solution' }).click();
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('footer has the site and Solution links, three social links and the 2024 copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const company = footer.getByRole('navigation', { name: 'Company' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About Us', '/about'],
      ['Pricing', '/pricing'],
      ['Blog', '/blog'],
    ] as const) {
      await expect(company.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const solution = footer.getByRole('navigation', { name: 'Solution' });
    await expect(solution.getByRole('link')).toHaveText(['Use Cases', 'Integration', 'Technology', 'Scam Categories', 'FAQ']);
    const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) await expect(link).toHaveAttribute('target', '_blank');
    await expect(footer).toContainText('Copyright © 2024 riskscan');
  });
});

test.describe('mobile menu at 360 px (SPEC §2)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('each Solution link goes to its own path; the menu closes on Escape and on an outside click', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    for (const [name, path] of [
      ['Technology', '/technology'],
      ['Scam Categories', '/scam-categories'],
      ['Use Cases', '/usecases'],
    ] as const) {
      await toggle.click();
      await menu.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(menu).toBeHidden();
    }

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    const { height } = page.viewportSize() ?? { height: 740 };
    await page.mouse.click(20, height - 20);
    await expect(menu).toBeHidden();
  });

  test('neither the home page nor the result view scrolls sideways', async ({ page }) => {
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Check' })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);

    await openHomeWith(page, { 'check-result': JSON.stringify(sampleResult) });
    await expect(page.getByRole('heading', { name: /^Results:/ })).toBeVisible();
    // Categories with findings are open from the start (issue 22).
    await expect(page.getByRole('button', { name: /^Domain \d+ \/ 100/ })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'IP Information' }).click();
    expect(await sideways()).toBeLessThanOrEqual(0);
  });
});

test.describe('scan form (SPEC §2, §5)', () => {
  test('validation messages, the host in the placeholder and the options for registered users only', async ({ page, baseURL }) => {
    await page.goto('/');
    const host = new URL(baseURL ?? '').host;
    const input = page.getByPlaceholder(`Enter the URL to investigate. Example: ${host}`);
    await expect(input).toBeVisible();
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(input).toHaveAccessibleDescription('Oops, please enter the URL.');
    await expect(page.locator('.swal2-toast')).toContainText('Oops, please enter the URL.');

    await input.fill('not a url');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect(input).toHaveAccessibleDescription('Please enter a valid URL.');

    for (const name of ['Private', 'All Check', 'Scan Tech', 'Website Links', 'IP Info', 'DNS Enum']) {
      await expect(page.getByRole('switch', { name })).toBeAttached();
    }
    await page.locator('label', { hasText: 'All Check' }).click();
    for (const name of ['Scan Tech', 'Website Links', 'IP Info', 'DNS Enum'])
      await expect(page.getByRole('switch', { name })).toBeChecked();

    await page.getByRole('button', { name: 'Options' }).click();
    await expect(page.locator('.swal2-toast')).toContainText('Only available for registered users');
    await expect(page.getByLabel('Country Selection')).toHaveCount(0);
  });
});

test.describe('keyboard use', () => {
  test('the form works from the keyboard with a visible focus ring, and the skip link leads to the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Check' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    const input = page.getByRole('textbox', { name: 'URL to scan' });
    await input.focus();
    await page.keyboard.press('Tab');
    const check = page.getByRole('button', { name: 'Check' });
    await expect(check).toBeFocused();
    expect(await check.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(input).toHaveAccessibleDescription('Oops, please enter the URL.');

    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'Private' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('switch', { name: 'All Check' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'All Check' })).toBeChecked();
  });
});

test.describe('result view from a stored report (SPEC §4 resume)', () => {
  test('shows the stored result with gauge, screenshot modal and categories; Scan another website resets', async ({ page }) => {
    await openHomeWith(page, { 'check-result': JSON.stringify(sampleResult) });
    await expect(page.getByRole('heading', { name: /^Results:/ })).toContainText('https://shop.example.test/');
    await expect(page.getByRole('heading', { name: 'Browsing Risk Test: Is this URL safe to visit?' })).toHaveCount(0);
    await expect(page.getByLabel('Overall risk')).toContainText('72');
    await expect(page.getByLabel('Overall risk')).toContainText('Risky');
    await expect(page.getByRole('img', { name: 'Risk gauge at 72 of 100' })).toBeVisible();
    await expect(page.getByText('0: Min. Risk | 100: Max. Risk')).toBeVisible();

    await page.getByRole('button', { name: 'Open the screenshot' }).click();
    const shot = page.getByRole('dialog', { name: 'Screenshot' });
    await expect(shot).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await shot.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(shot).toBeHidden();

    await expect(page.getByRole('button', { name: /^Domain \d+ \/ 100/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.details').getByText('90 / 100')).toBeVisible();

    await page.getByRole('button', { name: 'Scan another website' }).click();
    await expect(page.getByRole('button', { name: 'Check' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('check-result'))).toBeNull();
  });

  test('the result arrives without moving what is already on screen', async ({ page }) => {
    await openHomeWith(page, { 'check-result': JSON.stringify(sampleResult) });
    await expect(page.getByRole('img', { name: 'Risk gauge at 72 of 100' })).toBeVisible();
    await page.waitForTimeout(500);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(shift).toBeLessThan(0.1);
  });
});

test.describe('CSV downloads (SPEC §2 Extended Check Results)', () => {
  test('the WebSite Links and reverse-IP files hold the full lists', async ({ page }) => {
    await openHomeWith(page, { 'check-result': JSON.stringify(sampleResult) });
    await page.getByRole('button', { name: 'WebSite Links · URL (15)' }).click();
    const linksSection = page.locator('.collapsible', { hasText: 'WebSite Links' });
    await expect(linksSection.getByRole('listitem')).toHaveCount(10);
    const [links] = await Promise.all([page.waitForEvent('download'), linksSection.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(links.suggestedFilename()).toBe('WebSite Links.csv');
    const linksCsv = await readFile((await links.path()) ?? '', 'utf8');
    const pageChecks = sampleResult.page_checks ?? [];
    expect(linksCsv.split('\r\n').filter(Boolean)).toEqual([
      'URL',
      ...pageChecks.slice(0, -1),
      '"https://shop.example.test/search?q=""a,b"""',
    ]);

    await page.getByRole('button', { name: 'IP Information' }).click();
    const ipSection = page.locator('.collapsible', { hasText: 'IP Information' });
    await expect(ipSection).toContainText('Domains (12)');
    const [domains] = await Promise.all([page.waitForEvent('download'), ipSection.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(domains.suggestedFilename()).toBe('Other domains on same server.csv');
    const domainsCsv = await readFile((await domains.path()) ?? '', 'utf8');
    expect(domainsCsv.split('\r\n').filter(Boolean)).toEqual(['Domain', ...(sampleResult.ip_checks?.reverse_ip_lookup.result ?? [])]);
  });
});

test.describe('carousels (SPEC §9: speed 5000, delay 0)', () => {
  test('Swiper is no part of the first load and starts each strip once it is scrolled to', async ({ page }) => {
    const swiperChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/swiper-[^/]*\.js$/.test(request.url())) swiperChunks.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(swiperChunks).toEqual([]);
    const strip = page.getByRole('region', { name: 'Data sources and partners' });
    await expect(strip).not.toHaveClass(/swiper-initialized/);

    await strip.scrollIntoViewIfNeeded();
    await expect(strip).toHaveClass(/swiper-initialized/);
    expect(swiperChunks).toHaveLength(1);
    // Autoplay is running on the strip (whether headless Chromium paints its transition is its own affair).
    const running = () =>
      strip.evaluate((root) => (root as HTMLElement & { swiper: { autoplay: { running: boolean } } }).swiper.autoplay.running);
    await expect.poll(running).toBe(true);
  });
});
