import { expect, type Page } from '@playwright/test';

/**
 * Buys a plan the way a signed-in member does: the pricing table's Choose link, the shop's
 * button, Subscribe in the Subscription modal, then the sandbox provider's hosted checkout
 * (served by our own server) with its approved test card, until the success page.
 */
export async function buyPlan(page: Page, planName: string, period: 'Monthly' | 'Yearly' = 'Monthly'): Promise<void> {
  await page.goto('/pricing');
  if (period === 'Yearly') await page.getByRole('radio', { name: /Yearly/ }).click();
  await page.getByRole('link', { name: `Choose ${planName}` }).click();
  await expect(page.getByRole('heading', { name: 'Our Shop' })).toBeVisible();
  // A new account is on Free, so the shop offers an upgrade; either way it pays through the checkout.
  await page.getByRole('button', { name: /^(Purchase|Upgrade) Membership$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscription' });
  await dialog.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page.getByRole('heading', { name: `Subscribe to the ${planName} plan` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
}
