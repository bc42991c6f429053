import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fail, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ContentPageRoute from './content-page-route.tsx';

const page = (id: number, title: string, html: string) => ({ id, slug: `p${id}`, title: { rendered: title }, content: { rendered: html } });

afterEach(() => vi.unstubAllGlobals());

describe('content pages', () => {
  it('shows a progress bar, then the CMS page with the route’s title, sanitised', async () => {
    const calls = fakeApi({
      '/wp-json/wp/v2/pages': ok([
        page(1, 'FAQ', '<p>Not this one</p>'),
        page(2, 'Scam Categories', '<h2>Fake shops</h2><img src="x" onerror="steal()"><script>steal()</script>'),
      ]),
    });
    renderScreen(<ContentPageRoute />, { path: '/scam-categories' });
    expect(screen.getByRole('heading', { level: 1, name: 'Scam Categories' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fake shops' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('Not this one')).not.toBeInTheDocument();
    expect(document.querySelector('[onerror], script')).toBeNull();
    expect(calls[0]?.path).toBe('/wp-json/wp/v2/pages');
  });

  it('stays empty, with its heading, when the CMS fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ '/wp-json/wp/v2/pages': fail(500, { detail: 'down' }) });
    renderScreen(<ContentPageRoute />, { path: '/usecases' });
    expect(screen.getByRole('heading', { level: 1, name: 'Use Cases' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
