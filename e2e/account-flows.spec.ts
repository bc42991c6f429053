import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { ACTIVATION_LINK, freshEmail, signInAs } from './support/members.ts';
import { mailedLink } from './support/outbox.ts';
import { toast } from './support/toast.ts';

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, string> | null);

test('sign up, activate from the mailed link, then sign in', async ({ page }) => {
  const email = freshEmail('signup');
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByLabel('Confirm Password').fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'We have sent you an activation email.')).toBeVisible();

  await page.goto(await mailedLink(email, ACTIVATION_LINK));
  await expect(toast(page, 'Activate Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedUser(page))?.email).toBe(email);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Str0ng!pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login success!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile/change_password');
  await expect(page.getByRole('heading', { name: 'Change password', level: 2 })).toBeVisible();
});

test('a wrong password shows the server’s words', async ({ page, member }) => {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('Wr0ng!pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('.swal2-title')).toBeVisible();
  await expect(page.locator('.swal2-title')).not.toHaveText('Login success!');
  await expect(page).toHaveURL(/\/signin$/);
});

test('forgot and reset password, then sign in with the new one', async ({ page, member }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Please check your email' })).toBeVisible();
  await expect(toast(page, 'Sent Email')).toBeVisible();

  // The page's clock, so the 2-second move to /signin runs when the test moves it.
  await page.clock.install();
  await page.goto(await mailedLink(member.email, /https?:\/\/[^\s"'<>]+\/password-reset\/token\/[^\s"'<>]+/));
  await page.getByLabel('New Password').fill('N3w!passwd');
  await page.getByLabel('Confirm Password').fill('N3w!passwd');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toast(page, 'Success!')).toBeVisible();
  await page.clock.runFor(2000);
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('N3w!passwd');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login success!')).toBeVisible();
});

test('a 401 refreshes the session once and the call succeeds', async ({ page, member }) => {
  await signInAs(page, member, { token: 'expired.access.token' });
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/token') && r.status() === 200);
  await page.goto('/profile/change_email');
  await refreshed;
  await expect(page.getByLabel('Name')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save name' })).toBeEnabled();
  const user = await storedUser(page);
  expect(user?.accessToken).toBeTruthy();
  expect(user?.accessToken).not.toBe('expired.access.token');
  expect(user?.refreshToken).not.toBe(member.refreshToken);
  await expect(page.getByText('You have been idle for too long, please signin again.')).toHaveCount(0);
});

test('a 401 that cannot be refreshed shows the idle alert and signs out', async ({ page, member }) => {
  await signInAs(page, member, { token: 'expired.access.token', refreshToken: 'revoked-refresh-token' });
  await page.goto('/profile/change_email');
  await expect(page.getByText('You have been idle for too long, please signin again.')).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test('change the password from the profile and sign in with it', async ({ page, member }) => {
  await signInAs(page, member);
  await page.goto('/profile/change_password');
  await page.getByLabel('Current password').fill(member.password);
  await page.getByLabel('New password', { exact: true }).fill('An0ther!pass');
  await page.getByLabel('Confirm new password').fill('An0ther!pass');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Update password success!')).toBeVisible();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(toast(page, 'You have logged out')).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('An0ther!pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login success!')).toBeVisible();
});

test('change the e-mail: request, follow the mailed link, see it confirmed', async ({ page, member }) => {
  const newEmail = freshEmail('newmail');
  await signInAs(page, member);
  await page.goto('/profile/change_email');
  await page.getByLabel('New email').fill(newEmail);
  await page.getByRole('button', { name: 'Update email' }).click();
  await expect(page.getByText(/We sent a confirmation link to/)).toContainText(newEmail);

  await page.goto(await mailedLink(newEmail, /https?:\/\/[^\s"'<>]+\/profile\/change_email\?token=[^\s"'<>]+/));
  await expect(toast(page, 'Update email success!')).toBeVisible();
  await expect(page.getByText(/Your account now uses/)).toContainText(newEmail);
  expect((await storedUser(page))?.email).toBe(newEmail);
});
