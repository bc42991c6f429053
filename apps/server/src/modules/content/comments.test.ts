import type { WpComment, WpPost } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createCommentsRepository } from './comments.repository.ts';
import { runCommentsCommand } from './comments-cli.ts';

const WP = '/wp-json/wp/v2';

let t: TestApp;
let postId: number;
let closedPostSlug: string;
let nextIp = 1;

/** Each test posts from its own address, so the per-IP rate limit only bites where it is tested. */
function freshIp(): string {
  nextIp += 1;
  return `198.51.100.${nextIp}`;
}

function postComment(body: Record<string, unknown>, options: { post?: number; ip?: string; slash?: boolean } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${WP}/comments${options.slash ? '/' : ''}?post=${options.post ?? postId}`,
    payload: body,
    remoteAddress: options.ip ?? freshIp(),
  });
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  author_name: 'Ana Keller',
  author_email: 'ana@example.test',
  author_url: 'Keller Security AG',
  content: `Very useful, thank you. ${Math.random()}`,
  ...overrides,
});

async function listed(post = postId): Promise<WpComment[]> {
  return (await t.app.inject({ method: 'GET', url: `${WP}/comments?post=${post}&per_page=100` })).json<WpComment[]>();
}

async function cli(...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCommentsCommand(args, createCommentsRepository(t.app.db), (text) => lines.push(text));
  return { code, output: lines.join('\n') };
}

beforeAll(async () => {
  t = await createTestApp();
  const posts = (await t.app.inject({ method: 'GET', url: `${WP}/posts?per_page=2` })).json<WpPost[]>();
  postId = posts[0]?.id ?? 0;
  closedPostSlug = posts[1]?.slug ?? '';
  await t.app.db.updateTable('content_entries').set({ comment_status: 'closed' }).where('slug', '=', closedPostSlug).execute();
});
afterAll(() => t.close());

describe('posting a comment', () => {
  it('holds the first comment of a new author; once one is approved, the next publishes at once', async () => {
    const first = await postComment(valid({ content: 'First words here.' }));
    expect([first.statusCode, first.json<WpComment>().status]).toEqual([201, 'hold']);
    expect((await listed()).map((comment) => comment.id)).not.toContain(first.json<WpComment>().id);
    expect((await cli('list')).output).toContain('first comment of this author');
    expect((await cli('approve', String(first.json<WpComment>().id))).code).toBe(0);
    // Known now, whatever the case of the address.
    const next = await postComment(valid({ author_email: 'ANA@example.test', content: 'And a second thought.' }));
    expect(next.json<WpComment>().status).toBe('approved');
  });

  it('publishes a plain comment of a known author at once and lists it without the e-mail address', async () => {
    const response = await postComment(valid({ content: 'Clear explanation of the kit structure.' }));
    expect(response.statusCode).toBe(201);
    const created = response.json<WpComment>();
    expect(created).toMatchObject({ post: postId, author_name: 'Ana Keller', author_url: 'Keller Security AG', status: 'approved' });
    const comments = await listed();
    expect(comments.map((comment) => comment.id)).toContain(created.id);
    expect(JSON.stringify(comments)).not.toContain('ana@example.test');
  });

  it('also takes the post id from the body, as WordPress does', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${WP}/comments`,
      payload: { ...valid(), post: postId },
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('shows markup a visitor typed as text, never as HTML', async () => {
    const response = await postComment(
      valid({ content: 'Nice <script>alert(1)</script> <img src=x onerror=alert(2)>\n\nSecond paragraph' }),
    );
    const html = response.json<WpComment>().content.rendered;
    expect(html).toBe('<p>Nice &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;</p>\n<p>Second paragraph</p>');
  });

  it('requires name, email and comment (SPEC §5), company is optional', async () => {
    const response = await postComment({ author_name: '  ', author_email: '', content: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      author_name: ['Name is required.'],
      author_email: ['Email is required.'],
      content: ['Comment is required.'],
    });
    const withoutCompany = await postComment({ author_name: 'Bo', author_email: 'bo@example.test', content: 'Thanks for the FAQ.' });
    expect(withoutCompany.statusCode).toBe(201);
    expect(withoutCompany.json<WpComment>().author_url).toBe('');
  });

  it.each([
    'javascript:alert(document.cookie)',
    ' JaVa\tScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('refuses a company field that is a link of another kind than http(s): %j', async (authorUrl) => {
    const response = await postComment(valid({ author_url: authorUrl }));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['author_url']);
  });

  it('takes a company name or an http(s) link as the company field', async () => {
    for (const authorUrl of ['Keller Security: Zurich', 'https://keller.example/', 'http://keller.example/team']) {
      expect((await postComment(valid({ author_url: authorUrl, content: `From ${authorUrl}` }))).statusCode).toBe(201);
    }
  });

  it('rejects an invalid e-mail address', async () => {
    const response = await postComment(valid({ author_email: 'not-an-address' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ author_email: ['Please enter a valid email address.'] });
  });

  it('refuses comments on a missing post or one with comments closed', async () => {
    expect((await postComment(valid(), { post: 999999 })).statusCode).toBe(404);
    const [closed] = (await t.app.inject({ method: 'GET', url: `${WP}/posts?slug=${closedPostSlug}` })).json<WpPost[]>();
    const response = await postComment(valid(), { post: closed?.id ?? 0 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Comments are closed on this post.' });
  });

  it('refuses the same comment twice', async () => {
    const body = valid({ content: 'Saying this exactly once.' });
    expect((await postComment(body)).statusCode).toBe(201);
    const again = await postComment(body);
    expect(again.statusCode).toBe(409);
  });

  it('rate-limits comments per client address, whichever spelling of the path it uses', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await postComment(valid(), { ip, slash: i % 2 === 1 })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await postComment(valid(), { ip })).json().detail).toMatch(/^Too many requests/);
    expect((await postComment(valid())).statusCode).toBe(201);
  });
});

describe('moderation', () => {
  it('holds a comment with a suspicious link and never lists it until a moderator approves it', async () => {
    const response = await postComment(valid({ content: 'Claim your bonus at http://wallet-claim-bonus.top/airdrop now!' }));
    expect(response.statusCode).toBe(201);
    const held = response.json<WpComment>();
    expect(held.status).toBe('hold');
    expect((await listed()).map((comment) => comment.id)).not.toContain(held.id);

    const pending = await cli('list');
    expect(pending.output).toContain(`#${held.id}  pending`);
    expect(pending.output).toContain('suspicious link: http://wallet-claim-bonus.top/airdrop');

    expect(await cli('approve', String(held.id))).toEqual({ code: 0, output: `Approved: #${held.id}` });
    expect((await listed()).map((comment) => comment.id)).toContain(held.id);

    expect((await cli('reject', String(held.id))).code).toBe(0);
    expect((await listed()).map((comment) => comment.id)).not.toContain(held.id);
  });

  it('checks bare domains and the company field too', async () => {
    const bare = await postComment(valid({ content: 'Cheap tokens: free-gift.xyz/claim' }));
    expect(bare.json<WpComment>().status).toBe('hold');
    const company = await postComment(valid({ author_url: 'http://192.0.2.10/login' }));
    expect(company.json<WpComment>().status).toBe('hold');
  });

  it('lets ordinary links through', async () => {
    const response = await postComment(valid({ content: 'See also https://www.ncsc.admin.ch/ncsc/en/home.html for reporting.' }));
    expect(response.json<WpComment>().status).toBe('approved');
  });

  it('holds comments with many links whatever they are', async () => {
    const response = await postComment(valid({ content: 'https://a.example.com https://b.example.com https://c.example.com' }));
    expect(response.json<WpComment>().status).toBe('hold');
  });

  it('files a comment that fills the honeypot as spam, out of every list', async () => {
    const response = await postComment(valid({ website: 'http://bot.example', content: 'Great post!!' }));
    expect(response.statusCode).toBe(201);
    const spam = response.json<WpComment>();
    expect((await listed()).map((comment) => comment.id)).not.toContain(spam.id);
    expect((await cli('list')).output).not.toContain(`#${spam.id} `);
    expect((await cli('list', '--status', 'spam')).output).toContain(`#${spam.id}  spam`);
  });

  it('reports unknown ids and bad commands', async () => {
    expect(await cli('approve', '999999')).toEqual({ code: 1, output: 'No such comment: #999999' });
    expect((await cli('approve', 'x')).code).toBe(2);
    expect((await cli('list', '--status', 'everything')).code).toBe(2);
    expect((await cli('delete', '1')).output).toContain('Usage: npm run comments');
  });
});

describe('listing', () => {
  it('pages approved comments with WordPress totals, newest first by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${WP}/comments?post=${postId}&per_page=2` });
    const total = Number(response.headers['x-wp-total']);
    expect(total).toBe((await listed()).length);
    expect(response.headers['x-wp-totalpages']).toBe(String(Math.ceil(total / 2)));
    const [newer, older] = response.json<WpComment[]>();
    expect(newer && older && newer.date >= older.date).toBe(true);
  });
});
