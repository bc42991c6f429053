import { buyPlan } from './support/checkout.ts';
import { expect, test } from './support/fixtures.ts';
import { signInAs } from './support/members.ts';
import { toast } from './support/toast.ts';

type Plan = { uid: string; plan_name: string; price: number };
type PlansAnswer = { Monthly: Plan[]; Yearly: Plan[] };

const dollars = (price: number) => `$${price.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

test('the pricing toggle switches between the server’s monthly and yearly plans', async ({ page, request }) => {
  const plans = (await (await request.get('/api/memberships/plans/')).json()) as PlansAnswer;
  const professional = (period: keyof PlansAnswer) => plans[period].find((p) => p.plan_name === 'Professional') as Plan;
  expect(professional('Monthly').uid).not.toBe(professional('Yearly').uid);

  await page.goto('/pricing');
  const choose = page.getByRole('link', { name: 'Choose Professional' });
  await expect(choose).toHaveAttribute('href', `/purchasedsubscription/${professional('Monthly').uid}`);
  await expect(page.getByRole('columnheader', { name: /Professional/ })).toContainText(dollars(professional('Monthly').price));

  await page.getByRole('radio', { name: /Yearly/ }).click();
  await expect(page.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true');
  await expect(choose).toHaveAttribute('href', `/purchasedsubscription/${professional('Yearly').uid}`);
  await expect(page.getByRole('columnheader', { name: /Professional/ })).toContainText(dollars(professional('Yearly').price));
});

// A member made through the API: signing up, activating and signing in through the forms is
// account-flows' first test, which asserts the same toasts this test once repeated.
test('buy Professional through the sandbox checkout, see it in the licence details, downgrade to Free', async ({ page, member }) => {
  test.setTimeout(60_000);
  await signInAs(page, member);

  await buyPlan(page, 'Professional');

  await page.goto('/profile/license_details');
  const plan = page.locator('.license-summary__plan');
  await expect(plan).toContainText('Professional');
  await expect(plan).toContainText('Active');

  // Below Professional there is only Free: that downgrade is scheduled as the end of the subscription.
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Choose Free' }).click();
  await page.getByRole('button', { name: 'Downgrade Membership' }).click();
  await expect(toast(page, 'Membership downgrade scheduled!')).toBeVisible();
  await page.goto('/profile/license_details');
  await expect(plan).toContainText('Professional');
  await expect(plan).toContainText('Canceled');
  await expect(page.getByText(/then your account moves to the Free plan\.$/)).toBeVisible();
});
