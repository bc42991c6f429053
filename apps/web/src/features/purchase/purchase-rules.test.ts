import { describe, expect, it } from 'vitest';
import { current, singlePlan } from '@/testing/membership-fixtures.ts';
import { checkoutTotal, purchaseLabel, purchaseRoute } from './purchase-rules.ts';

describe('purchase rules', () => {
  const business = singlePlan('Business', { cost_to_upgrade: 280, unused_credit: 20 });

  it('labels the button by the current membership', () => {
    expect(purchaseLabel(business, null, false)).toBe('Purchase Membership');
    expect(purchaseLabel(business, current('Professional'), false)).toBe('Upgrade Membership');
    expect(purchaseLabel(business, current('Ultra'), false)).toBe('Downgrade Membership');
    expect(purchaseLabel(business, current('Business'), false)).toBe('Current Membership');
    expect(purchaseLabel(business, current('Ultra'), true)).toBe('Please Wait...');
  });

  it('sends first, free and canceled members to the checkout, changes paid ones directly', () => {
    expect(purchaseRoute(business, null)).toBe('checkout');
    expect(purchaseRoute(business, current('Free'))).toBe('checkout');
    expect(purchaseRoute(business, current('Professional', { canceled: true }))).toBe('checkout');
    expect(purchaseRoute(business, current('Professional'))).toBe('upgrade');
    expect(purchaseRoute(business, current('Ultra'))).toBe('downgrade');
  });

  it('charges the full price without a live membership, else the cost to upgrade', () => {
    expect(checkoutTotal(business, null)).toBe(300);
    expect(checkoutTotal(business, current('Professional', { canceled: true }))).toBe(300);
    expect(checkoutTotal(business, current('Free'))).toBe(280);
  });
});
