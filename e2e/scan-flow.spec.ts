import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { startHeldSite } from './support/held-site.ts';
import { type Member, storedSession } from './support/members.ts';
import { toast } from './support/toast.ts';

/*
 * Real scans from the home page: the server scans the scanner's fixture websites under their real
 * names (loopback DNS, test CA and port mapping from the global setup) with the real Chromium.
 * Each test scans its own address (a query string of its own), so no test sees another's scan as
 * "recently scanned".
 */

const visit = (host: string, tag: string) => `https://${host}/?e2e=${tag}-${Math.random().toString(36).slice(2, 8)}`;

/** What the fixture site's manifest says a scan must conclude. */
const expectedClassification = (host: string): string =>
  JSON.parse(readFileSync(new URL(`../fixtures/sites/${host}/site.json`, import.meta.url), 'utf8')).expectedClassification;

async function signIn(page: Page, member: Member) {
  await page.goto('/about');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storedSession(member));
}

/** Width and height of a loaded picture; [0, 0] when it failed to load. */
const pictureSize = (image: Locator) =>
  image.evaluate(async (img: HTMLImageElement) => {
    await img.decode().catch(() => undefined);
    return [img.naturalWidth, img.naturalHeight] as const;
  });

async function scan(page: Page, url: string) {
  await page.getByRole('textbox', { name: 'URL to scan' }).fill(url);
  await page.getByRole('button', { name: 'Check' }).click();
}

/** A scan takes a few seconds; the machine running the suite may be busy with much else. */
const SCAN_WAIT_MS = 45_000;

const resultHeading = (page: Page) => page.getByRole('heading', { name: /^Results:/ });

test.describe('scanning from the home page (SPEC §2, §4)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a guest’s free scan goes from the form to the result with its screenshot, then the free scan is used', async ({ page }) => {
    const url = visit('sunny-garden-blog.com', 'guest');
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Check' })).toBeVisible();
    const anonymousId = await page.evaluate(() => localStorage.getItem('freescan-uid'));
    expect(anonymousId).toBeTruthy();

    // Without a scheme the form scans over https.
    await page.getByRole('textbox', { name: 'URL to scan' }).fill(url.replace('https://', ''));
    await page.locator('label', { hasText: 'All Check' }).click();
    const sent = page.waitForRequest((request) => request.url().includes('/check-url/'));
    await page.getByRole('button', { name: 'Check' }).click();

    const progress = page.getByRole('status');
    await expect(progress.getByRole('progressbar', { name: 'Scan in progress' })).toBeVisible();
    await expect(progress).toContainText(`Scanning ${url}`);
    const query = new URL((await sent).url()).searchParams;
    expect(query.get('url')).toBe(url);
    // The form put https:// in front itself: the scan may fall back to http as a browser would.
    expect(query.get('scheme_added')).toBe('true');
    expect(query.get('freescan_uid')).toBe(anonymousId);
    expect(query.get('page_checks')).toBe('true');

    await expect(resultHeading(page)).toContainText(url, { timeout: SCAN_WAIT_MS });
    await expect(resultHeading(page).getByRole('link', { name: url })).toHaveAttribute('href', url);

    const facts = page.getByRole('region', { name: 'Scan facts' });
    await expect(facts).toContainText('Switzerland');
    const flag = facts.locator('.result-facts__location img');
    await expect(flag).toHaveAttribute('src', /ch.*\.svg$/);
    expect((await pictureSize(flag))[0]).toBeGreaterThan(0);
    await expect(facts).toContainText('None');

    // The benign blog scores low: the number and the level agree with the gauge.
    const overall = page.getByRole('region', { name: 'Overall risk' });
    const score = Number(await overall.locator('.result-score__value > span').first().textContent());
    expect(score).toBeLessThanOrEqual(20);
    await expect(overall.locator('.result-score__level')).toHaveText('Secure');
    await expect(page.getByRole('img', { name: `Risk gauge at ${score} of 100` })).toBeVisible();

    // The screenshot Chromium took of the page loads, small and in the Screenshot modal.
    const thumbnail = facts.getByRole('img', { name: `Screenshot of ${url}` });
    const [width, height] = await pictureSize(thumbnail);
    expect(width).toBeGreaterThan(height);
    await facts.getByRole('button', { name: 'Open the screenshot' }).click();
    const shot = page.getByRole('dialog', { name: 'Screenshot' });
    expect((await pictureSize(shot.getByRole('img')))[0]).toBe(width);
    await page.keyboard.press('Escape');
    await expect(shot).toBeHidden();

    // Categories, five per page; the fixture CA counts as trusted like a public one.
    const categories = page.locator('.categories__list > li');
    await expect(categories).toHaveCount(5);
    await page.getByRole('button', { name: /^TLS Certificate/ }).click();
    // Clean details wait, folded, under "Nothing found", by their plain titles.
    const tls = categories.filter({ hasText: 'TLS Certificate' });
    await tls.getByText(/^Nothing found \(\d+\)$/).click();
    await expect(tls.getByText('The certificate chains to a trusted authority.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Check categories pages' }).getByRole('button', { name: '2', exact: true }).click();
    await expect(categories.first()).not.toContainText('URL Analysis');

    // Extended results: the page's own links, in full in the CSV the browser builds.
    await page.getByRole('button', { name: 'WebSite Links · URL (3)' }).click();
    const links = page.locator('.collapsible', { hasText: 'WebSite Links' });
    const shown = await links.getByRole('listitem').allTextContents();
    expect(shown).toEqual(expect.arrayContaining(['https://sunny-garden-blog.com/archive/', 'https://sunny-garden-blog.com/about/']));
    const [download] = await Promise.all([page.waitForEvent('download'), links.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('WebSite Links.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv.split('\r\n').filter(Boolean)).toEqual(['URL', ...shown]);

    // The guest's one free scan is spent: the next one asks for an account.
    await page.getByRole('button', { name: 'Scan another website' }).click();
    await expect(page.getByRole('form', { name: 'Sign up' }).getByRole('heading', { name: 'Create a free account to scan' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check' })).toHaveCount(0);
  });

  test('a signed-in private scan from Germany with a mobile user agent finds the phishing page', async ({ page, member, request }) => {
    const host = 'chase-secure-verify.com';
    const url = visit(host, 'options');
    await signIn(page, member);
    await page.goto('/');

    await page.getByRole('button', { name: 'Options', exact: true }).click();
    const agent = page.getByLabel('User Agent');
    const mobile = agent.locator('optgroup[label="Mobile"] option').first();
    const mobileAgent = (await mobile.getAttribute('value')) ?? '';
    expect(mobileAgent).not.toBe('');
    await agent.selectOption(mobileAgent);
    // Germany's exit is the stand-in proxy of the global setup; the server itself is in Switzerland.
    await page.getByLabel('Country Selection').selectOption('DE');
    await page.locator('label', { hasText: 'Private' }).click();
    await expect(page.getByRole('switch', { name: 'Private' })).toBeChecked();
    // The member's form starts as their default profile sets it (issue 37): the built-in one runs
    // every check, a full scan with the browser stage.
    await expect(page.getByRole('switch', { name: 'Website Links' })).toBeChecked();

    const sent = page.waitForRequest((r) => r.url().includes('/check-url/'));
    await scan(page, url);
    const query = new URL((await sent).url()).searchParams;
    expect(query.get('user_agent')).toBe(mobileAgent);
    expect(query.get('proxy')).toBe('DE');
    expect(query.get('private')).toBe('true');
    expect(query.get('page_checks')).toBe('true');
    expect(query.get('freescan_uid')).toBeNull();

    await expect(resultHeading(page)).toContainText(url, { timeout: SCAN_WAIT_MS });
    const classification = expectedClassification(host);
    await expect(page.getByRole('region', { name: 'Scan facts' }).locator('.classification', { hasText: classification })).toBeVisible();
    const level = await page.getByRole('region', { name: 'Overall risk' }).locator('.result-score__level').textContent();
    expect(['Risky', 'Danger']).toContain(level);

    // The scan left from Germany: its flag, and a screenshot Chromium took through that exit,
    // rendered as the chosen phone (it stands upright).
    const facts = page.getByRole('region', { name: 'Scan facts' });
    await expect(facts).toContainText('Germany');
    expect((await pictureSize(facts.locator('.result-facts__location img')))[0]).toBeGreaterThan(0);
    await expect(facts.locator('.result-facts__location img')).toHaveAttribute('src', /de.*\.svg$/);
    const [width, height] = await pictureSize(page.getByRole('img', { name: `Screenshot of ${url}` }));
    expect(height).toBeGreaterThan(width);

    // A private scan stays off the public board.
    const board = (await (await request.get('/api/recent-scans/')).json()) as { url: string }[];
    expect(board.map((row) => row.url)).not.toContain(url);
  });

  test('a running scan shows the stage the server reports, and Cancel ends it and brings the form back (issue 37)', async ({
    page,
    member,
    request,
  }) => {
    // A site that takes its time: the scan waits in its fetching stage (up to the fetch's 15 s limit)
    // while the test follows it and cancels it.
    const slow = await startHeldSite();
    const url = slow.url('/?e2e=cancel');
    await signIn(page, member);
    await page.goto('/');
    // The member's default profile runs every check: a full scan, long enough to follow.
    await expect(page.getByRole('switch', { name: 'DNS Enum' })).toBeChecked();
    await scan(page, url);

    const stages = page.getByRole('list', { name: 'Scan stages' });
    // A stage passed says so to a screen reader: "Queued (done)".
    await expect(stages.getByRole('listitem')).toHaveText([
      /^Queued/,
      /^Fetching the page/,
      /^Rendering it in a browser/,
      /^Judging what was found/,
    ]);
    const current = stages.locator('[aria-current="step"]');
    await expect(current).toHaveCount(1, { timeout: SCAN_WAIT_MS });
    await expect(page.getByRole('status')).toContainText(`Now: ${(await current.textContent())?.trim()}.`);

    const cancelled = page.waitForResponse((r) => /\/scans\/[^/]+\/cancel\/$/.test(r.url()));
    await page.getByRole('button', { name: 'Cancel scan' }).click();
    const answer = await cancelled;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { status: string }).status).toBe('cancelled');
    await expect(page.getByRole('textbox', { name: 'URL to scan' })).toHaveValue(url);
    await expect(toast(page, 'The scan was cancelled.')).toBeVisible();

    // Nothing of the member's runs any more, and the reload does not resume it.
    const unfinished = await request.get('/api/v1/scans/unfinished/', { headers: { authorization: `Bearer ${member.token}` } });
    expect(await unfinished.json()).toEqual([]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Check' })).toBeVisible();
    slow.close();
  });

  test('a URL scanned within 24 hours offers the Recent Result or a new scan', async ({ page, member, request }) => {
    const url = visit('riverside-library.org', 'recent');
    const first = await request.get('/api/v1/check-url/', {
      params: { url, private: 'false' },
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(first.ok()).toBe(true);
    const firstUid = ((await first.json()) as { data: { uid: string } }).data.uid;
    await signIn(page, member);
    await page.goto('/');

    // Recent Result: the report of the earlier scan, at once.
    await scan(page, url);
    const dialog = page.getByRole('dialog', { name: 'This URL has been scanned within the last 24h.' });
    await dialog.getByRole('button', { name: 'Recent Result' }).click();
    await expect(dialog).toBeHidden();
    await expect(resultHeading(page)).toContainText(url);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('check-result') ?? '{}').uid)).toBe(firstUid);

    // Initiate Scan: the same URL scanned again, as new.
    await page.getByRole('button', { name: 'Scan another website' }).click();
    await scan(page, url);
    const rescan = page.waitForRequest((r) => r.url().includes('/check-url/') && new URL(r.url()).searchParams.get('new') === 'true');
    await dialog.getByRole('button', { name: 'Initiate Scan' }).click();
    await expect(page.getByRole('progressbar', { name: 'Scan in progress' })).toBeVisible();
    const rescanQuery = new URL((await rescan).url()).searchParams;
    expect(rescanQuery.get('url')).toBe(url);
    await expect(resultHeading(page)).toContainText(url, { timeout: SCAN_WAIT_MS });
    // The member's form started as the built-in default profile sets it (issue 37): every check
    // ran, and the report carries its screenshot.
    expect(rescanQuery.get('fastCheck')).toBe('false');
    expect(rescanQuery.get('dns_checks')).toBe('true');
    expect((await pictureSize(page.getByRole('img', { name: `Screenshot of ${url}` })))[0]).toBeGreaterThan(0);
    await expect(dialog).toBeHidden();
    const secondUid = await page.evaluate(() => JSON.parse(localStorage.getItem('check-result') ?? '{}').uid);
    expect(secondUid).toEqual(expect.any(String));
    expect(secondUid).not.toBe(firstUid);
  });

  test('the Latest Scans board picks up a new public scan and opens it in the recent-scan modal', async ({ page, member, request }) => {
    const url = visit('bergstrom-dental.ch', 'board');
    await page.clock.install();
    await page.goto('/');
    const board = page.getByRole('region', { name: 'Latest Scans' });
    await expect(board).toContainText(/Last update \d\d : \d\d : \d\d/);
    // The board shows the address without its scheme; the link's title carries it whole.
    const row = board.getByRole('row').filter({ has: page.locator(`a[title="${url}"]`) });
    await expect(row).toHaveCount(0);

    const scanned = await request.get('/api/v1/check-url/', { params: { url }, headers: { authorization: `Bearer ${member.token}` } });
    const score = ((await scanned.json()) as { data: { overall_risk: number } }).data.overall_risk;

    // The board asks again every 20 s (the server caches it briefly, so maybe twice).
    await expect(async () => {
      await page.clock.fastForward(20_000);
      await expect(row).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByRole('link', { name: url.replace('https://', ''), exact: true })).toHaveAttribute('target', '_blank');
    await expect(row.getByRole('cell').nth(2)).toHaveText(String(score));

    await row.getByRole('button', { name: `View the scan of ${url}` }).click();
    const modal = page.getByRole('dialog', { name: 'Scan details' });
    await expect(modal.getByRole('heading', { name: /^Results:/ })).toContainText(url);
    await expect(modal.getByRole('region', { name: 'Overall risk' })).toContainText(String(score));
    await expect(modal.getByRole('button', { name: 'Scan another website' })).toHaveCount(0);
    expect((await pictureSize(modal.getByRole('img', { name: `Screenshot of ${url}` })))[0]).toBeGreaterThan(0);

    // Focus stays inside the modal.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });
});
