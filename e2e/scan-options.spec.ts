import { expect, test } from './support/fixtures.ts';
import { buyPlan } from './support/checkout.ts';
import { signInAs } from './support/members.ts';

/* The scan Options as a member uses them (issue 22): All Check whatever the profile, readable user agents. */

const EXTENDED = ['Scan Tech', 'Website Links', 'IP Info', 'DNS Enum'];

test('All Check switches every extended check after a profile is chosen; user agents read as browser, version and device', async ({
  page,
  member,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, member);
  await buyPlan(page, 'Professional');

  await page.goto('/');
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  const allCheck = page.getByRole('switch', { name: 'All Check', exact: true });
  const switches = () => Promise.all(EXTENDED.map((name) => page.getByRole('switch', { name, exact: true }).isChecked()));

  // The built-in profile has every extended check on, and All Check shows it; it then switches all off and on again.
  await page.getByLabel('Scan Profile').selectOption({ label: 'Default' });
  await expect(allCheck).toBeChecked();
  await page.locator('label', { hasText: 'All Check' }).click();
  await expect(allCheck).not.toBeChecked();
  expect(await switches()).toEqual([false, false, false, false]);
  await page.locator('label', { hasText: 'All Check' }).click();
  await expect(allCheck).toBeChecked();
  expect(await switches()).toEqual([true, true, true, true]);

  // One check off: All Check turns them all on rather than off.
  await page.locator('label', { hasText: 'IP Info' }).click();
  await expect(allCheck).not.toBeChecked();
  await page.locator('label', { hasText: 'All Check' }).click();
  expect(await switches()).toEqual([true, true, true, true]);

  const agents = page.getByLabel('User Agent');
  const option = agents.locator('option[value="desktop-chrome-windows"]');
  await expect(option).toHaveText(/^Chrome \d+ on Windows \(Desktop\)$/);
  await expect(option).toHaveAttribute('title', /^Mozilla\/5\.0 \(Windows NT/);
  await agents.selectOption('desktop-chrome-windows');
  await expect(agents).toHaveAttribute('title', /^Mozilla\/5\.0 \(Windows NT/);
});
