import { expect, type Page, test } from '@playwright/test';
import { toast } from './support/toast.ts';

test.describe('sign up', () => {
  test('checks each field on tab-out and the submit order with the spec’s toasts', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign up | riskscan');
    const email = page.getByLabel('Email', { exact: true });
    await email.click();
    await page.keyboard.press('Tab');
    await expect(page.getByText('* Email required.')).toBeVisible();
    await email.fill('ana@nowhere');
    await page.getByLabel('Password', { exact: true }).click();
    await expect(page.getByText('* Valid email required.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'Valid email required')).toBeVisible();

    await email.fill('ana@example.test');
    await page.getByLabel('Password', { exact: true }).fill('abcdefg1!');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'Include uppercase letter for your password')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('Abcdefg1!');
    await page.getByLabel('Confirm Password').fill('Abcdefg1?');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'Not match Passwords')).toBeVisible();
    await expect(page.getByText("* Those passwords didn't match. Try again.")).toBeVisible();
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/signup');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret1!');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    await expect(password).toHaveAttribute('type', 'text');
  });
});

test.describe('sign in', () => {
  test('asks for both fields, then a valid e-mail', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Oops, please reconfirm your login form.')).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('ana@example');
    await page.getByLabel('Password', { exact: true }).fill('Secret1!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Please enter a valid email address.')).toBeVisible();
    await page.getByRole('link', { name: 'Forgot?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  });
});

test.describe('reset password', () => {
  test('checks both passwords before sending', async ({ page }) => {
    await page.goto('/password-reset/token/abc');
    await page.getByLabel('New Password').fill('Str0ng!pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Oops, please reconfirm your change password form.')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Str0ng!pasS');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(toast(page, 'Oops, The two passwords did not match.')).toBeVisible();
  });
});

/** Fakes the page's clock and stops it, so its timers run only when the test moves it on (`runFor`). */
async function stopClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 60_000);
}

test.describe('session', () => {
  test('/profile sends a visitor without a stored user to /signin', async ({ page }) => {
    await page.goto('/profile/change_password');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('an expired session toasts, clears the four keys and opens /signin after 2 s', async ({ page }) => {
    // The page's clock, stopped: the watch's 1-second checks and the 2-second redirect run when the test moves it.
    await stopClock(page);
    await page.goto('/pricing');
    await page.evaluate(() => {
      localStorage.setItem('user', JSON.stringify({ email: 'ana@example.test', token: 't', uid: 'u1' }));
      localStorage.setItem('check-result', '{}');
      localStorage.setItem('isLoading', 'true');
      localStorage.setItem('expirationTime', String(Date.now() + 1500));
    });
    // The first check after the expiry comes within 2.5 s; the redirect 2 s after it.
    await page.clock.runFor(2500);
    await expect(toast(page, 'Your session expired - please login again')).toBeVisible();
    const keys = await page.evaluate(() => ['user', 'check-result', 'isLoading', 'expirationTime'].map((k) => localStorage.getItem(k)));
    expect(keys).toEqual([null, null, null, null]);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/pricing$/);
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test.describe('payment result pages', () => {
  test('Payment Canceled counts down and moves on to the licence details', async ({ page }) => {
    await stopClock(page);
    await page.goto('/payment/cancel/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Canceled');
    await expect(page.getByRole('timer')).toHaveText('Redirecting to your license details in 5 second(s).');
    await page.clock.runFor(1000);
    await expect(page.getByRole('timer')).toHaveText('Redirecting to your license details in 4 second(s).');
    await expect(page).toHaveURL(/\/payment\/cancel\/$/);
    await page.clock.runFor(4000);
    // Not signed in, so the profile guard continues to /signin.
    await expect(page).toHaveURL(/\/signin$/);
  });
});
