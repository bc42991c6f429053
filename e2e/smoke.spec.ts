import { expect, test } from '@playwright/test';

test('the home page renders with its headline and title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Browsing Risk Test: Is this URL safe to visit?');
  await expect(page).toHaveTitle('Browsing Risk Test: Is this URL safe to visit? | riskscan');
});

test('a client-side route loads without a full page load', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    (window as unknown as { marker: string }).marker = 'same-document';
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
});

test('a deep link opens its screen directly', async ({ page }) => {
  await page.goto('/scam-categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scam Categories');
  await expect(page).toHaveTitle('Scam Categories | riskscan');
});
