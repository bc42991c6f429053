import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeApi } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import BlogListRoute from './blog-list-route.tsx';

const post = (id: number, title: string, categories = [15]) => ({
  id,
  slug: `post-${id}`,
  title: { rendered: title },
  content: { rendered: '<p>Body</p>' },
  excerpt: { rendered: `<p>Excerpt of ${title}</p>` },
  date: '2024-03-07T10:00:00',
  modified: '2024-03-07T10:00:00',
  featured_media: 0,
  categories,
});

const allPosts = Array.from({ length: 7 }, (_, i) => post(i + 1, i === 6 ? 'Typosquatting explained' : `Phishing wave ${i + 1}`));

function serveBlog() {
  return fakeApi({
    '/wp-json/wp/v2/posts': (call: FakeCall) => {
      const category = new URLSearchParams(call.search).get('categories');
      if (category === '15') return { status: 200, body: [post(20, 'News only')] };
      if (category === '16') return { status: 200, body: [post(30, 'Feature only', [16])] };
      return { status: 200, body: allPosts };
    },
  });
}

const titles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('blog list', () => {
  it('shows the skeleton until a second after the posts arrive, then 5 posts with Read More links', async () => {
    serveBlog();
    renderScreen(<BlogListRoute />, { path: '/blog' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(screen.getAllByRole('status', { name: 'Loading' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(titles()).toHaveLength(5), { timeout: 4000 });
    expect(titles()[0]).toBe('Phishing wave 1');
    expect(screen.getByRole('link', { name: 'Read More: Phishing wave 1' })).toHaveAttribute('href', '/blogdetail/post-1/');
    expect(screen.getByText('Excerpt of Phishing wave 1')).toHaveClass('blog-card__excerpt');
  });

  it('pages 5 at a time and the filter narrows the current page by title', async () => {
    serveBlog();
    const user = userEvent.setup();
    renderScreen(<BlogListRoute />, { path: '/blog' });
    await waitFor(() => expect(titles()).toHaveLength(5), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(titles()).toEqual(['Phishing wave 6', 'Typosquatting explained']);
    await user.type(screen.getByPlaceholderText('Category'), 'typo');
    expect(titles()).toEqual(['Typosquatting explained']);
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(titles()).toEqual([]);
    expect(screen.getByText('No posts found.')).toBeInTheDocument();
  });

  it('has the tabs All, Lastest, News and Features; News and Features ask for categories 15 and 16 and reset the page', async () => {
    const calls = serveBlog();
    const user = userEvent.setup();
    renderScreen(<BlogListRoute />, { path: '/blog' });
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['All', 'Lastest', 'News', 'Features']);
    await waitFor(() => expect(titles()).toHaveLength(5), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(screen.getByRole('tab', { name: 'News' }));
    await waitFor(() => expect(titles()).toEqual(['News only']), { timeout: 4000 });
    await user.click(screen.getByRole('tab', { name: 'Features' }));
    await waitFor(() => expect(titles()).toEqual(['Feature only']), { timeout: 4000 });
    await user.click(screen.getByRole('tab', { name: 'Lastest' }));
    await waitFor(() => expect(titles()).toHaveLength(5), { timeout: 4000 });
    const categories = calls.map((c) => new URLSearchParams(c.search).get('categories'));
    expect(categories).toEqual([null, '15', '16']);
  });
});
