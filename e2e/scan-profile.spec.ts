import { expect, test } from './support/fixtures.ts';
import { buyPlan } from './support/checkout.ts';
import { signInAs } from './support/members.ts';
import { toast } from './support/toast.ts';

/*
 * A scan profile made in the profile's Current template screen, chosen in the scan Options on the
 * home page (SPEC §2, §4), decides the scan: the check it turns off is reported as disabled.
 * The built-in profile has every check on, so nothing would be disabled if the choice were ignored.
 * The remembered profile stays with its member: the next member on the browser scans without it.
 */

const SCAN_WAIT_MS = 45_000;

test('a scan profile from the Current template screen, chosen in the scan Options, switches its check off in the scan', async ({
  page,
  member,
  otherMember,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, member);
  await buyPlan(page, 'Professional');

  // The template editor starts from the built-in profile; its copy keeps Scan Tech only (a quick
  // scan) and leaves out the password-field check, which the phishing page would trip.
  await page.goto('/profile/currenttemplate');
  const template = page.getByRole('region', { name: 'Current template' });
  await expect(template.getByRole('tab', { name: /^Default/ })).toHaveAttribute('aria-selected', 'true');
  await template.getByLabel('Profile name').fill('Quick scan');
  // The switch input sits under its styled track: a person clicks the label.
  for (const check of ['Website Links', 'IP Info', 'DNS Enum', 'Password field']) {
    const toggle = page.getByRole('switch', { name: check, exact: true });
    await template.locator('label.switch', { has: toggle }).click();
    await expect(toggle).not.toBeChecked();
  }
  const created = page.waitForResponse((r) => r.url().endsWith('/scan-profiles/') && r.request().method() === 'POST');
  await template.getByRole('button', { name: 'Save as new profile' }).click();
  expect((await created).status()).toBe(201);
  const { uid, name } = (await (await created).json()) as { uid: string; name: string };
  expect(name).toBe('Quick scan');
  await expect(toast(page, 'Scan profile created')).toBeVisible();
  await expect(template.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');

  // The form starts as the member's default profile (the built-in one, every check on) sets it:
  // the toggles show what a home scan runs (issue 37). Choosing a profile sets the four
  // extended-check toggles from it and remembers it.
  await page.goto('/');
  for (const check of ['Scan Tech', 'Website Links', 'IP Info', 'DNS Enum'])
    await expect(page.getByRole('switch', { name: check })).toBeChecked();
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await page.getByLabel('Scan Profile').selectOption({ label: name });
  await expect(page.getByRole('switch', { name: 'Scan Tech' })).toBeChecked();
  for (const check of ['Website Links', 'IP Info', 'DNS Enum']) await expect(page.getByRole('switch', { name: check })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('scan-profile-id'))).toBe(uid);

  const url = `https://chase-secure-verify.com/?e2e=profile-${Math.random().toString(36).slice(2, 8)}`;
  await page.getByRole('textbox', { name: 'URL to scan' }).fill(url);
  const sent = page.waitForRequest((r) => r.url().includes('/check-url/'));
  await page.getByRole('button', { name: 'Check' }).click();
  const query = new URL((await sent).url()).searchParams;
  expect(query.get('scan_profile')).toBe(uid);
  expect(query.get('webtech_check')).toBe('true');
  expect(query.get('dns_checks')).toBe('false');
  expect(query.get('fastCheck')).toBe('true');

  await expect(page.getByRole('heading', { name: /^Results:/ })).toContainText(url, { timeout: SCAN_WAIT_MS });
  // The profile's switched-off check is listed as disabled, with its detail on a click ...
  const disabled = page.locator('.disabled-checks', { has: page.getByRole('heading', { name: 'Disabled check in this scan:' }) });
  const card = disabled.getByRole('button', { name: 'Password field' });
  await expect(disabled.getByRole('listitem')).toHaveCount(1);
  await card.click();
  await expect(card).toHaveAttribute('aria-expanded', 'true');
  await expect(card).toContainText('Looks for password inputs on the page.');
  // ... and is gone from its category, whose other checks ran.
  // A category that found something is open from the start (issue 22).
  await expect(page.getByRole('button', { name: /^Page Content/ })).toHaveAttribute('aria-expanded', 'true');
  const pageContent = page.locator('.category', { hasText: 'Page Content' });
  // Its other checks are listed, as findings or folded under "Nothing found" by their titles (issue 37).
  expect(await pageContent.locator('.detail, .details-folded li').count()).toBeGreaterThan(0);
  await expect(pageContent.getByText('page_password_field', { exact: true })).toHaveCount(0);
  await expect(pageContent.locator('.detail, .details-folded li').filter({ hasText: 'Password field' })).toHaveCount(0);

  // The next scan starts from the remembered profile.
  await page.getByRole('button', { name: 'Scan another website' }).click();
  await page.getByRole('button', { name: 'Options', exact: true }).click();
  await expect(page.getByLabel('Scan Profile')).toHaveValue(uid);

  // Another member signing in on this browser scans without it (the server would refuse it), with
  // their own default: the built-in profile.
  await signInAs(page, otherMember);
  await page.goto('/');
  const next = `https://sunny-garden-blog.com/?e2e=profile-next-${Math.random().toString(36).slice(2, 8)}`;
  await page.getByRole('textbox', { name: 'URL to scan' }).fill(next);
  const nextSent = page.waitForRequest((r) => r.url().includes('/check-url/'));
  await page.getByRole('button', { name: 'Check' }).click();
  expect(new URL((await nextSent).url()).searchParams.get('scan_profile')).toBe('default');
  await expect(page.getByRole('heading', { name: /^Results:/ })).toContainText(next, { timeout: SCAN_WAIT_MS });
  expect(await page.evaluate(() => localStorage.getItem('scan-profile-id'))).toBeNull();
});
