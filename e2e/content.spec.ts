import { expect, test } from '@playwright/test';
import { toast } from './support/toast.ts';

test('the blog lists posts 5 a page with tabs, and a post opens with its comments form', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const cards = page.locator('.blog-card');
  await expect(cards).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Page 2' })).toBeVisible();

  await page.getByRole('tab', { name: 'News' }).click();
  await expect(cards.first()).toBeVisible();
  const newsCount = await cards.count();
  await page.getByRole('tab', { name: 'Features' }).click();
  await expect(cards.first()).toBeVisible();
  expect(newsCount + (await cards.count())).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'All' }).click();
  await expect(cards).toHaveCount(5);
  const title = (await cards.first().locator('.blog-card__title').textContent()) ?? '';
  await page.getByPlaceholder('Category').fill(title.slice(0, 12));
  await expect(cards).toHaveCount(1);

  await cards
    .first()
    .getByRole('link', { name: /Read More/ })
    .click();
  await expect(page).toHaveURL(/\/blogdetail\/[^/]+\/$/);
  await expect(page.locator('.blog-article__title')).toHaveText(title);
  await expect(page.locator('.blog-article__date')).toHaveText(/^\d{2}\/\d{1,2}\/\d{4}$/);
  await expect(page.getByRole('heading', { name: 'Related Posts' })).toBeVisible();
});

test('a blog comment is posted and the form cleared', async ({ page }) => {
  await page.goto('/blogdetail/spotting-fake-shops/');
  await expect(page.getByRole('heading', { name: 'Leave a reply' })).toBeVisible();
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Comment is required.')).toBeVisible();
  await page.getByLabel('Name*').fill('Ana E2E');
  await page.getByLabel('Email*').fill('ana.e2e@example.test');
  await page.getByRole('textbox', { name: 'Company' }).fill('riskscan QA');
  await page.getByLabel('Comment*').fill('Clear explanation, thank you.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toast(page, 'Success')).toBeVisible();
  await expect(page.getByLabel('Comment*')).toHaveValue('');
  await expect(page.getByLabel('Name*')).toHaveValue('Ana E2E');
});

test('content pages show their CMS page', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect(page.locator('.content-page__body')).not.toBeEmpty();
  await page.goto('/scam-categories');
  await expect(page.locator('.content-page__body h2').first()).toBeVisible();
});

test('the contact form sends and says Email Sent', async ({ page }) => {
  await page.goto('/about#contact-us');
  // The painted counter counts up to the figure; screen readers get it at once from a hidden twin.
  await expect(page.locator('.about-counter__value', { hasText: '3M+' })).toBeVisible();
  await page.getByLabel('Name').fill('Ana E2E');
  await page.getByLabel('Email').fill('ana.e2e@example.test');
  await page.getByLabel('Subject').fill('Custom plan');
  await page.getByLabel('Message').fill('We need 200k scans a month.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Email Sent')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
});
