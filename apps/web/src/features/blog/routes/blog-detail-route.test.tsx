import '@/testing/jsdom-gaps.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { COMMENT_AUTHOR_KEY } from '../comment-author.ts';
import BlogDetailRoute from './blog-detail-route.tsx';

const post = (id: number, slug: string, title: string, categories: number[]) => ({
  id,
  slug,
  title: { rendered: title },
  content: { rendered: '<p>How the <strong>scam</strong> works</p><script>steal()</script>' },
  excerpt: { rendered: '' },
  date: '2024-03-07T10:00:00',
  modified: '2024-03-07T10:00:00',
  featured_media: 9,
  categories,
});

function serve(categoryName: string, categories: number[]) {
  return fakeApi({
    '/wp-json/wp/v2/posts': (call) => {
      const params = new URLSearchParams(call.search);
      if (params.get('slug') === 'fake-shops')
        return { status: 200, body: [post(5, 'fake-shops', 'Fake shops &amp; how to spot them', categories)] };
      const category = Number(params.get('categories'));
      return {
        status: 200,
        body: [post(5, 'fake-shops', 'Self', categories), post(6, 'other', category === 16 ? 'A feature post' : 'A news post', [category])],
      };
    },
    '/wp-json/wp/v2/categories/15': ok({ id: 15, name: categoryName }),
    '/wp-json/wp/v2/categories/16': ok({ id: 16, name: categoryName }),
    '/wp-json/wp/v2/media/9': ok({ id: 9, guid: { rendered: '/media/fake-shops.png' } }),
    'GET /wp-json/wp/v2/comments/': ok([
      {
        id: 1,
        post: 5,
        author_name: 'Marta',
        author_url: 'ACME Bank',
        content: { rendered: '<p>Very useful</p>' },
        date: '2024-03-08T09:00:00',
      },
    ]),
    'POST /wp-json/wp/v2/comments/': (call) => ({
      status: 201,
      body: { id: 2, post: 5, date: '2024-03-08T09:00:00', content: { rendered: '' }, status: 'hold', ...(call.body as object) },
    }),
  });
}

const at = { path: '/blogdetail/fake-shops/', pattern: '/blogdetail/:slug' };

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('blog detail', () => {
  it('shows category, title, MM/D/YYYY date, featured image, sanitised content, comments and news related posts', async () => {
    serve('News', [15]);
    renderScreen(<BlogDetailRoute />, at);
    expect(await screen.findByRole('heading', { name: 'Fake shops & how to spot them' })).toBeInTheDocument();
    expect(await screen.findByText('News')).toHaveClass('blog-article__category');
    expect(screen.getByText('03/7/2024', { selector: '.blog-article__date' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.blog-article__image')).toHaveAttribute('src', '/media/fake-shops.png'));
    expect(screen.getByText('scam')).toBeInTheDocument();
    expect(document.querySelector('.blog-article script')).toBeNull();
    expect(await screen.findByText('Very useful')).toBeInTheDocument();
    expect(screen.getByText('ACME Bank')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'A news post' })).toHaveAttribute('href', '/blogdetail/other/');
    expect(screen.queryByRole('link', { name: 'Self' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Fake shops & how to spot them | riskscan'));
  });

  it('hides the Uncategorized label and relates a features post to features', async () => {
    serve('Uncategorized', [16]);
    renderScreen(<BlogDetailRoute />, at);
    expect(await screen.findByRole('link', { name: 'A feature post' })).toBeInTheDocument();
    expect(screen.queryByText('Uncategorized')).not.toBeInTheDocument();
  });

  it('requires name, e-mail and comment, then posts, toasts Success, clears and remembers name and e-mail', async () => {
    const calls = serve('News', [15]);
    const user = userEvent.setup();
    renderScreen(<BlogDetailRoute />, at);
    await screen.findByRole('heading', { name: 'Leave a reply' });
    expect(screen.getByLabelText('Save my name and email in this browser for the next time I comment')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Comment is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name*'), 'Ana');
    await user.type(screen.getByLabelText('Email*'), 'ana@example.test');
    await user.type(screen.getByLabelText('Company'), 'riskscan');
    await user.type(screen.getByLabelText('Comment*'), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    // A first comment waits for a moderator, and the form says so.
    expect(screen.getByText(/Your comment is awaiting moderation/)).toHaveAttribute('role', 'status');
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.search).toBe('?post=5');
    expect(posted?.body).toMatchObject({
      author_name: 'Ana',
      author_email: 'ana@example.test',
      author_url: 'riskscan',
      content: 'Thanks!',
    });
    expect(screen.getByLabelText('Comment*')).toHaveValue('');
    expect(screen.getByLabelText('Company')).toHaveValue('');
    expect(screen.getByLabelText('Name*')).toHaveValue('Ana');
    expect(JSON.parse(localStorage.getItem(COMMENT_AUTHOR_KEY) ?? 'null')).toEqual({ name: 'Ana', email: 'ana@example.test' });
  });

  it('forgets name and e-mail when the box is unticked', async () => {
    localStorage.setItem(COMMENT_AUTHOR_KEY, JSON.stringify({ name: 'Old', email: 'old@example.test' }));
    serve('News', [15]);
    const user = userEvent.setup();
    renderScreen(<BlogDetailRoute />, at);
    await screen.findByRole('heading', { name: 'Leave a reply' });
    expect(screen.getByLabelText('Name*')).toHaveValue('Old');
    await user.click(screen.getByLabelText('Save my name and email in this browser for the next time I comment'));
    await user.type(screen.getByLabelText('Comment*'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(localStorage.getItem(COMMENT_AUTHOR_KEY)).toBeNull();
    expect(screen.getByLabelText('Name*')).toHaveValue('');
  });
});
