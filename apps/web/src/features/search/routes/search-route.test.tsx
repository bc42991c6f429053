import '@/testing/jsdom-gaps.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import SearchRoute from './search-route.tsx';

const hit = (uid: string, url: string) => ({
  uid,
  url,
  date: '2026-11-25T10:00:00.000Z',
  overall_risk_score: 88,
  level: 'Danger',
  host: new URL(url).hostname,
  ip: '192.0.2.7',
  asn: 64500,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchRoute', () => {
  it('searches for what was typed, lists the scans found with pivots, and pages with the API’s next link', async () => {
    const calls = fakeApi({
      '/api/v1/search/': [
        ok({
          count: 21,
          next: 'http://app.test/api/v1/search/?q=ip%3A192.0.2.7&page=2',
          previous: null,
          results: [hit('a1', 'https://bad.example/')],
        }),
        ok({
          count: 21,
          next: null,
          previous: 'http://app.test/api/v1/search/?q=ip%3A192.0.2.7&page=1',
          results: [hit('a2', 'https://worse.example/')],
        }),
      ],
    });
    const { router } = renderScreen(<SearchRoute />, { path: '/search', pattern: '/search' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search scans' }), 'ip:192.0.2.7');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '21 scans found' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('link', { name: 'https://bad.example/' })).toHaveAttribute('href', '/scan/a1');
    expect(within(table).getByRole('link', { name: 'AS64500' })).toHaveAttribute('href', '/search?q=asn%3A64500');
    expect(within(table).getByText('88 Danger')).toBeInTheDocument();
    expect(new URLSearchParams(calls[0]!.search).get('q')).toBe('ip:192.0.2.7');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'https://worse.example/' })).toBeInTheDocument();
    expect(new URLSearchParams(calls[1]!.search).get('page')).toBe('2');
    expect(router.state.location.search).toContain('page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the server’s reason for a refused search and keeps what was typed', async () => {
    fakeApi({ '/api/v1/search/': fail(400, { q: ['Unknown search field "colour:". Use domain:, ip:, …'] }) });
    renderScreen(<SearchRoute />, { path: '/search?q=colour%3Ared', pattern: '/search' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown search field "colour:"');
    expect(screen.getByRole('searchbox', { name: 'Search scans' })).toHaveValue('colour:red');
  });

  it('says how far each look-alike is from the scan searched for', async () => {
    fakeApi({
      '/api/v1/search/': ok({ count: 1, next: null, previous: null, results: [{ ...hit('k1', 'https://kit.example/'), distance: 3 }] }),
    });
    renderScreen(<SearchRoute />, { path: '/search?q=similar%3Aabc', pattern: '/search' });
    const row = (await screen.findByRole('link', { name: 'https://kit.example/' })).closest('tr')!;
    expect(row).toHaveTextContent('(3 of 64 bits differ)');
  });
});
