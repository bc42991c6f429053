import { expect, test } from './support/fixtures.ts';
import { phishingMail } from '../apps/server/src/modules/triage/testing/fixture-mails.ts';
import { phishingOutlookMessage } from '../packages/scanner/src/mail/testing/outlook-files.ts';
import { signInAs } from './support/members.ts';

const FIRST_REPORT_MS = 30_000;

test('a member drops a phishing .eml into Profile › E-mail triage and sees its links, sources and mismatch as text', async ({
  page,
  member,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, member);
  await page.goto('/profile/triage');
  await expect(page.getByRole('heading', { name: 'E-mail triage' })).toBeVisible();

  await page.getByLabel('Drop an .eml or .msg file here or choose one').setInputFiles({
    name: 'reported.eml',
    mimeType: 'message/rfc822',
    buffer: await phishingMail(),
  });

  const table = page.getByRole('table');
  // A hunt thread's first triage loads the URL verdict's indexes (seconds on a loaded machine): what
  // is asserted is the report, not how soon the first one comes.
  await expect(table).toBeVisible({ timeout: FIRST_REPORT_MS });
  const mismatched = page.getByRole('row', { name: /chase-secure\.account-verify-center\.xyz/ });
  await expect(mismatched).toContainText('HTML link');
  await expect(mismatched).toContainText('Shows another address');
  // The bank's own address shown over a link to another domain is decisive evidence (issue 35).
  await expect(mismatched).toContainText('Danger');
  await expect(page.getByRole('row', { name: /mobile-verify\.example-pay\.click/ })).toContainText('QR code');
  await expect(page.getByRole('row', { name: /statement-viewer\.example-docs\.top/ })).toContainText('Attachment');
  await expect(page.getByText('Action required: your account has been locked')).toBeVisible();
  await expect(page.getByText('SPF fail, DKIM none, DMARC fail')).toBeVisible();
  // Nothing from the message became a link or markup in the page.
  await expect(page.locator('.triage-report a')).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('triage.csv');
});

test('a member drops an Outlook .msg and sees its sender, links and verdict', async ({ page, member }) => {
  test.setTimeout(60_000);
  await signInAs(page, member);
  await page.goto('/profile/triage');
  await page.getByLabel('Drop an .eml or .msg file here or choose one').setInputFiles({
    name: 'Action required.msg',
    mimeType: 'application/vnd.ms-outlook',
    buffer: phishingOutlookMessage(),
  });
  const mismatched = page.getByRole('row', { name: /chase-secure\.account-verify-center\.xyz/ });
  await expect(mismatched).toContainText('Shows another address', { timeout: FIRST_REPORT_MS });
  // The bank's own address shown over a link to another domain is decisive evidence (issue 35).
  await expect(mismatched).toContainText('Danger');
  await expect(page.getByText('Action required: your account has been locked')).toBeVisible();
  await expect(page.getByText('SPF fail, DKIM none, DMARC fail')).toBeVisible();
});
