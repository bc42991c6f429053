import { expect, test } from './support/fixtures.ts';
import { buyPlan } from './support/checkout.ts';
import { curl } from './support/curl.ts';
import { signInAs } from './support/members.ts';
import { toast } from './support/toast.ts';

type Profile = { uid: string; name: string; is_default: boolean };

test('an API key from the licence details works with curl until it is revoked', async ({ page, member, context, baseURL }) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, member);
  await buyPlan(page, 'Professional');

  await page.goto('/profile/license_details');
  await page.getByLabel('Key name').fill('SIEM enrichment');
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = page.getByLabel('New API key');
  await expect(secret).toHaveText(/^rsk_\S{20,}$/);
  const key = (await secret.textContent())!;
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page, 'Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // Listed by its prefix only; once dismissed, the key itself is never shown again.
  const row = page.getByRole('row', { name: /SIEM enrichment/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('Never');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(row).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  const withKey = { Authorization: `Api-Key ${key}` };
  const profilesUrl = `${baseURL}/api/v1/scan-profiles/`;
  const listed = await curl(profilesUrl, { headers: withKey });
  expect(listed.status).toBe(200);
  const builtIn = (listed.body as Profile[]).find((p) => p.is_default);
  expect(builtIn).toBeDefined();

  // The key acts for its owner: a profile made with curl shows up in the owner's profile.
  const { uid: _uid, ...copy } = builtIn as Profile & Record<string, unknown>;
  const created = await curl(profilesUrl, {
    method: 'POST',
    headers: withKey,
    json: { ...copy, name: 'Made with curl', is_default: false },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: 'Made with curl', is_default: false });
  expect(((await curl(profilesUrl, { headers: withKey })).body as Profile[]).map((p) => p.name)).toContain('Made with curl');
  await page.goto('/profile/currenttemplate');
  await expect(page.getByRole('tab', { name: 'Made with curl' })).toBeVisible();

  // Scan calls only: the account's own calls refuse a key.
  expect((await curl(`${baseURL}/api/v1/memberships/`, { headers: withKey })).status).toBe(403);

  await page.goto('/profile/license_details');
  await expect(row).not.toContainText('Never');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Key revoked')).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();

  const refused = await curl(profilesUrl, { headers: withKey });
  expect(refused.status).toBe(401);
  expect((refused.body as { detail: string }).detail).toContain('check the key');
});
