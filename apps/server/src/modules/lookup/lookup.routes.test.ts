import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOOKUP_BATCH_MAX, lookupBatchResponseSchema, verdictSchema } from '@riskscan/contracts';
import { FEED_FIXTURES_DIR } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signedInUser } from '../billing/memberships/testing/billing-fixtures.ts';

describe('lookup API', () => {
  let test: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    test = await createTestApp();
    headers = (await signedInUser(test.app)).headers;
    const text = await readFile(path.join(FEED_FIXTURES_DIR, 'openphish.txt'), 'utf8');
    await test.app.reputation.importFeed({ source: 'openphish', format: 'openphish-text', text, origin: 'fixture' });
  });
  afterAll(() => test.close());

  const get = (url: string) => test.app.inject({ method: 'GET', url: '/api/v1/lookup/', query: { url }, headers });
  const post = (body: unknown) => test.app.inject({ method: 'POST', url: '/api/v1/lookup/', payload: body as object, headers });

  it('refuses callers without a session or API key', async () => {
    const one = await test.app.inject({ method: 'GET', url: '/api/v1/lookup/', query: { url: 'paypa1.com' } });
    const batch = await test.app.inject({ method: 'POST', url: '/api/v1/lookup/', payload: { urls: ['paypa1.com'] } });
    expect([one.statusCode, batch.statusCode]).toEqual([401, 401]);
  });

  it('GET answers a verdict from the imported feeds', async () => {
    const response = await get('https://paypal-account-verify.test/signin/index.php');
    expect(response.statusCode).toBe(200);
    const verdict = verdictSchema.parse(response.json());
    expect(verdict).toMatchObject({ risk_level: 'Danger', risk_score: 100 });
    expect(verdict.classification[0]).toBe('Phishing');
    expect(verdict.reasons[0]).toMatchObject({ code: 'reputation_url', message: 'This address is listed as phishing by openphish.' });
  });

  it('GET answers bare domains and well-known sites', async () => {
    expect((await get('paypa1.com')).json()).toMatchObject({
      url: 'https://paypa1.com/',
      risk_level: 'Danger',
      classification: ['Typosquatting'],
    });
    expect((await get('https://www.wikipedia.org/')).json()).toMatchObject({ risk_level: 'Secure', risk_score: 0 });
  });

  it('GET refuses missing, empty and invalid URLs in the spec wording', async () => {
    expect((await get('')).json()).toEqual({ url: ['Oops, please enter the URL.'] });
    const invalid = await get('http://exa mple.com');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ url: ['Please enter a valid URL.'] });
    expect((await test.app.inject({ method: 'GET', url: '/api/v1/lookup/', headers })).statusCode).toBe(400);
  });

  it('POST answers a batch in order, with an error entry for each line that is no URL', async () => {
    const response = await post({ urls: ['https://bank-alerts.example-phish.test/', 'not a url', 'https://example.com/'] });
    expect(response.statusCode).toBe(200);
    const { results } = lookupBatchResponseSchema.parse(response.json());
    expect(results).toHaveLength(3);
    expect(results[0]).toMatchObject({ url: 'https://bank-alerts.example-phish.test/', risk_level: 'Danger' });
    expect(results[1]).toEqual({ url: 'not a url', error: 'Please enter a valid URL.' });
    expect(results[2]).toMatchObject({ url: 'https://example.com/', risk_level: 'Secure' });
  });

  it(`POST takes up to ${LOOKUP_BATCH_MAX} URLs and refuses more or none`, async () => {
    const full = await post({ urls: Array.from({ length: LOOKUP_BATCH_MAX }, (_, i) => `https://site-${i}.example/`) });
    expect(full.statusCode).toBe(200);
    expect(full.json().results).toHaveLength(LOOKUP_BATCH_MAX);
    const tooMany = await post({ urls: Array.from({ length: LOOKUP_BATCH_MAX + 1 }, () => 'example.com') });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ urls: [`Please send at most ${LOOKUP_BATCH_MAX} URLs.`] });
    expect((await post({ urls: [] })).json()).toEqual({ urls: ['Please send at least one URL.'] });
    expect((await post({ urls: [42] })).statusCode).toBe(400);
  });
});
