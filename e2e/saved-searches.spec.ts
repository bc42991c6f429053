import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { buyPlan } from './support/checkout.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/members.ts';
import { anyToast, toast } from './support/toast.ts';

/*
 * Issue 38, saved searches: a member on a paid plan saves the search on the page, a scan that
 * finishes afterwards is counted as a new match, opening the matches lists it (and clears the
 * count), and the saved search can be deleted, by keyboard, axe-clean on a desktop and a phone.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a saved search counts a new matching scan, lists it under the search, and is deleted', async ({ page, member, request }) => {
  test.setTimeout(120_000);
  await signInAs(page, member);
  await buyPlan(page, 'Professional');

  const tag = Math.random().toString(36).slice(2, 8);
  const q = 'domain:lindqvist-ceramics.se';
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  const saved = page.getByRole('region', { name: 'Saved searches' });
  await expect(saved.getByText('0 of 10 saved searches in use.')).toBeVisible();
  const name = saved.getByRole('textbox', { name: 'Name' });
  await name.fill(`Ceramics kit ${tag}`);
  // Keyboard only: Enter in the name field saves.
  await name.press('Enter');
  const open = saved.getByRole('button', { name: `Open matches of Ceramics kit ${tag}` });
  await expect(open).toBeVisible();
  await expect(saved.getByText('0 new matches')).toBeVisible();
  // Toasts fade ("Search saved", and any left from the purchase): axe would measure their
  // half-transparent text, so it waits until the last one has left the page.
  await expect(toast(page, 'Search saved')).toBeHidden({ timeout: 10_000 });
  await expect(anyToast(page)).toHaveCount(0, { timeout: 10_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // A scan that finishes after the search was saved is matched as it finishes.
  const url = `https://lindqvist-ceramics.se/?e2e=${tag}`;
  const scanned = await request.post('/api/v1/scans/', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { url, new: true, wait: true },
  });
  expect(scanned.status()).toBe(200);
  const scanUid: string = (await scanned.json()).uid;

  await page.reload();
  await expect(saved.getByText(/^[1-9]\d* new match(es)?$/)).toBeVisible();
  await open.focus();
  await page.keyboard.press('Enter');
  const matches = saved.getByRole('region', { name: `Matches of Ceramics kit ${tag}` });
  const match = matches.getByRole('link', { name: url });
  await expect(match).toHaveAttribute('href', `/scan/${scanUid}`);
  await expect(matches.getByRole('listitem').filter({ hasText: url })).toContainText(/^New/);
  await expect(saved.getByText('0 new matches')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Phone: the list wraps inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  page.once('dialog', (dialog) => void dialog.accept());
  await saved.getByRole('button', { name: `Delete Ceramics kit ${tag}` }).click();
  await expect(saved.getByText('0 of 10 saved searches in use.')).toBeVisible();
  await expect(saved.getByRole('button', { name: `Delete Ceramics kit ${tag}` })).toHaveCount(0);
});
