import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '@/testing/jsdom-gaps.ts';
import { sampleResult } from '@/components/scan-result/testing/sample-result.ts';
import { fakeApi } from '@/testing/fake-api.ts';
import { AppProvider } from '../provider.tsx';
import { routes } from '../router.tsx';

/** The first visit to a route compiles its lazy chunk, which on a loaded CI machine takes seconds. */
const LAZY_LOAD = { timeout: 15_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('route table', () => {
  it.each([
    ['/', 'Browsing Risk Test: Is this URL safe to visit?'],
    ['/blog', 'Blog'],
    ['/blogdetail/some-post/', 'Blog'],
    ['/pricing', 'Pricing'],
    ['/purchasedsubscription/abc', 'Our Shop'],
    ['/integration', 'Integration'],
    ['/scam-categories', 'Scam Categories'],
    ['/password-reset/token/t0k', 'Reset password'],
    ['/activate-account/9/t0k', 'Activating now'],
    ['/payment/success/', 'Payment Successful'],
    ['/payment/cancel/', 'Payment Canceled'],
  ])('lazily loads the screen for %s', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading }, LAZY_LOAD)).toBeInTheDocument();
  });

  it('sets the document title and description from route metadata', async () => {
    renderAt('/technology');
    await screen.findByRole('heading', { name: 'Technology' }, LAZY_LOAD);
    await waitFor(() => expect(document.title).toBe('Technology | riskscan'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/checks a URL/);
  });

  it('warns before a Risky or Danger page with the verdict the server holds, never a forged one', async () => {
    fakeApi({
      '/api/recent-scans/s9/': () => ({
        status: 200,
        body: { data: { ...sampleResult, uid: 's9', url: 'https://paypa1-login.example/verify', overall_risk: 100 } },
      }),
    });
    // The query string claims a harmless score: the page reads only `scan`.
    renderAt('/leaving?scan=s9&url=https%3A%2F%2Felsewhere.example%2F&score=3');
    expect(await screen.findByText(/riskscan rated this page/, {}, LAZY_LOAD)).toHaveTextContent(
      'riskscan rated this page Danger (100 / 100): https://paypa1-login.example/verify',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Careful: this page may be dangerous' })).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open anyway' });
    expect(open).toHaveAttribute('href', 'https://paypa1-login.example/verify');
    expect(open).toHaveAttribute('rel', expect.stringContaining('noopener noreferrer'));
    expect(screen.getByRole('link', { name: 'Read the report' })).toHaveAttribute('href', '/scan/s9');
    vi.unstubAllGlobals();
  });

  it('offers no way on from a warning without a scan', async () => {
    renderAt('/leaving?url=https%3A%2F%2Fpaypa1-login.example%2Fverify&score=3');
    expect(await screen.findByText(/riskscan has no report for this link/, {}, LAZY_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open anyway' })).not.toBeInTheDocument();
  });

  it('shows a not-found screen for unknown paths', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, LAZY_LOAD)).toBeInTheDocument();
  });
});
