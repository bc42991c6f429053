import { type FakeSafeBrowsing, startFakeSafeBrowsing } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { putOnPlan, signedInUser } from '../billing/memberships/testing/billing-fixtures.ts';

// An address our own engine finds harmless, so only Safe Browsing can condemn it.
const LISTED = 'https://shop.example.org/promo';

describe('lookup with Google Safe Browsing configured', () => {
  let fake: FakeSafeBrowsing;
  let test: TestApp;
  /** A Business-plan user (external reputation) and a Free-plan one. */
  let paid: Record<string, string>;
  let free: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeSafeBrowsing({ [LISTED]: 'SOCIAL_ENGINEERING' });
    test = await createTestApp({ SAFE_BROWSING_API_KEY: fake.apiKey, SAFE_BROWSING_URL: fake.baseUrl });
    const buyer = await signedInUser(test.app);
    await putOnPlan(test.app, buyer.id, 'Business');
    paid = buyer.headers;
    free = (await signedInUser(test.app)).headers;
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('adds Safe Browsing matches to the verdict', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/lookup/', query: { url: LISTED }, headers: paid });
    expect(response.json()).toMatchObject({ risk_level: 'Danger', classification: ['Phishing'] });
    // Strongest first: the match leads; the path's "promo" lure word follows as a weak reason.
    expect(response.json().reasons[0]).toMatchObject({ code: 'safe_browsing' });
    expect(fake.calls.at(-1)).toMatchObject({ key: fake.apiKey, urls: [LISTED] });
  });

  it('is not asked for plans without external reputation', async () => {
    fake.calls.length = 0;
    const response = await test.app.inject({ method: 'GET', url: '/api/v1/lookup/', query: { url: LISTED }, headers: free });
    expect(response.json().reasons.map((reason: { code: string }) => reason.code)).not.toContain('safe_browsing');
    expect(fake.calls).toEqual([]);
  });

  it('asks only about URLs the feeds have not already condemned', async () => {
    fake.calls.length = 0;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/v1/lookup/',
      headers: paid,
      payload: { urls: ['paypa1.com', 'https://example.com/', LISTED] },
    });
    expect(response.json().results.map((result: { risk_level: string }) => result.risk_level)).toEqual(['Danger', 'Secure', 'Danger']);
    expect(fake.calls).toEqual([expect.objectContaining({ urls: ['https://example.com/', LISTED] })]);
  });

  it('still answers when Safe Browsing is down', async () => {
    await fake.close();
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/v1/lookup/',
      query: { url: 'https://example.com/' },
      headers: paid,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ risk_level: 'Secure' });
  });
});
