import { URL_CREDENTIALS_MESSAGE } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser, type SignedInUser } from '../accounts/testing/account-factory.ts';
import { fixedPlan } from '../scans/testing/fixed-plan-allowance.ts';
import { BUSINESS_PLAN } from '../scans/testing/scan-test-world.ts';

/** A URL with credentials would be refused at every delivery; it is refused where it is set instead. */
describe('callback and webhook URLs with credentials', () => {
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({}, fixedPlan(BUSINESS_PLAN));
    owner = await signedInUser(t.app);
  });
  afterAll(() => t.close());

  it('refuses a scan callback_url with user:password@ (400, the field and the reason), and queues nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/scans/',
      headers: owner.headers,
      payload: { url: 'https://example.com/', callback_url: 'https://hook:s3cret@receiver.example/riskscan' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ callback_url: [URL_CREDENTIALS_MESSAGE] });
    const history = (await t.app.inject({ method: 'GET', url: '/api/v1/scan-history/', headers: owner.headers })).json();
    expect(history.count).toBe(0);
  });

  it('refuses a monitor webhook_url with credentials when the monitor is created and when it is changed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: { domain: 'pixelforge.app', webhook_url: 'https://user@receiver.example/hook' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ webhook_url: [URL_CREDENTIALS_MESSAGE] });

    const monitor = (
      await t.app.inject({ method: 'POST', url: '/api/v1/monitors/', headers: owner.headers, payload: { domain: 'pixelforge.app' } })
    ).json();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/monitors/${monitor.uid}/`,
      headers: owner.headers,
      payload: { webhook_url: 'https://:token@receiver.example/hook' },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ webhook_url: [URL_CREDENTIALS_MESSAGE] });
  });
});
