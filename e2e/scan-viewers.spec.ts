import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { buyPlan } from './support/checkout.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/members.ts';

/*
 * Issue 38 item 3: a member asks the scan form to compare with a phone; the fixture site that shows
 * its card form to phones only is reported as cloaking, both viewers side by side with the diff,
 * axe-clean on a desktop and a phone.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id);
}

test('a site that cloaks by user agent is reported as cloaking, with what the phone saw differently', async ({ page, member }) => {
  test.setTimeout(150_000);
  await signInAs(page, member);
  await buyPlan(page, 'Professional');

  await page.goto('/');
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.getByLabel('Compare with another viewer').selectOption({ label: 'A phone' });
  await page.getByRole('textbox', { name: 'URL to scan' }).fill(`https://paket-zustellung-mobil.com/sendung?e2e=${Date.now()}`);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Results:/ })).toBeVisible({ timeout: 90_000 });

  const viewers = page.getByRole('region', { name: 'Cloaking: viewers were shown different pages' });
  await expect(viewers).toContainText('Cloaking: Phone from');
  await expect(viewers.getByRole('heading', { level: 4 })).toHaveText([/^Desktop from /, /^Phone from /]);
  const phoneDiff = viewers.getByRole('list', { name: /^What Phone from .* saw differently$/ });
  await expect(phoneDiff).toContainText('"kartennummer"');
  await expect(phoneDiff).toContainText('instead of "Baustelle"');
  await expect(viewers.getByRole('img', { name: /^Screenshot as Phone from / })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(viewers).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
});
