import type { WpComment, WpPost } from '@riskscan/contracts';
import { type FakeSafeBrowsing, startFakeSafeBrowsing } from '@riskscan/scanner/intel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** A comment comes from no account, so no plan grants its moderation Google Safe Browsing (decision 156). */
let fake: FakeSafeBrowsing;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeSafeBrowsing({});
  t = await createTestApp({ SAFE_BROWSING_API_KEY: fake.apiKey, SAFE_BROWSING_URL: fake.baseUrl });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('comment moderation with Safe Browsing configured', () => {
  it('judges the links without asking Safe Browsing', async () => {
    const posts = (await t.app.inject({ method: 'GET', url: '/wp-json/wp/v2/posts?per_page=1' })).json<WpPost[]>();
    const response = await t.app.inject({
      method: 'POST',
      url: `/wp-json/wp/v2/comments?post=${posts[0]!.id}`,
      payload: {
        author_name: 'Ana Keller',
        author_email: 'ana@example.test',
        author_url: 'Keller Security AG',
        content: 'A useful read, see also https://example.com/further-reading',
      },
      remoteAddress: '198.51.100.7',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<WpComment>().status).toBe('hold');
    expect(fake.calls).toEqual([]);
  });
});
