import { type CurrentMembership, membershipsResponseSchema } from '@riskscan/contracts';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { buyPlan } from './support/checkout.ts';
import { type Member, signInAs } from './support/members.ts';
import { toast } from './support/toast.ts';

/** The licence details print days the way the profile does: "Dec 21, 2026", in UTC. */
const day = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

async function currentMembership(request: APIRequestContext, member: Member): Promise<CurrentMembership> {
  const answer = await request.get('/api/v1/memberships/', { headers: { Authorization: `Bearer ${member.token}` } });
  expect(answer.ok()).toBe(true);
  const { current } = membershipsResponseSchema.parse(await answer.json());
  if (!current) throw new Error('the member has no membership');
  return current;
}

test('an active Business member picks Professional: the downgrade is scheduled for the period end', async ({ page, member, request }) => {
  test.setTimeout(60_000);
  await signInAs(page, member);
  await buyPlan(page, 'Business');
  const bought = await currentMembership(request, member);
  expect(bought).toMatchObject({ plan_type: 'Business', canceled: false, scheduled_plan: null });

  // An active paid member changes the subscription directly: no Subscription modal, no checkout.
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Professional' }).click();
  await page.getByRole('button', { name: 'Downgrade Membership' }).click();
  await expect(toast(page, 'Membership downgrade scheduled!')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Subscription' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/purchasedsubscription\//);

  // The current plan and its period stay; the cheaper plan waits for the period end.
  const scheduled = await currentMembership(request, member);
  expect(scheduled).toMatchObject({
    plan_type: 'Business',
    canceled: false,
    subscriptionId: bought.subscriptionId,
    period_end: bought.period_end,
    scheduled_plan: { plan_type: 'Professional', price: 20, duration: 'month' },
  });

  await page.goto('/profile/license_details');
  await expect(page.locator('.license-summary__plan')).toContainText('Business');
  await expect(page.locator('.license-summary__plan')).toContainText('Active');
  await expect(page.getByText(/^Scheduled change:/)).toHaveText(
    `Scheduled change: Professional ($20 / month) from ${day(bought.period_end)}. Your Business plan stays until then.`,
  );
  await expect(page.getByText(/renews/)).toHaveCount(0);

  // Until then the shop still shows Business as the current membership.
  // Pricing marks the member's own plan instead of offering it for purchase.
  await page.goto('/pricing');
  await expect(page.getByText('Current Membership')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose Business' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Choose Professional' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Membership/ })).toHaveCount(0);
});
