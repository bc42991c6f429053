import '@/testing/jsdom-gaps.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import SearchRoute from '../routes/search-route.tsx';

const saved = (uid: string, name: string, q: string, newMatches: number) => ({
  uid,
  name,
  q,
  notify: { email: true, webhook_url: null },
  created_at: '2026-11-25T10:00:00.000Z',
  last_viewed_at: null,
  new_matches: newMatches,
});
const hit = (uid: string, url: string) => ({
  uid,
  url,
  date: '2026-11-26T10:00:00.000Z',
  overall_risk_score: 88,
  level: 'Danger',
  host: new URL(url).hostname,
  ip: '192.0.2.7',
  asn: 64500,
});
const noHits = ok({ count: 0, next: null, previous: null, results: [] });

beforeEach(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' }));
afterEach(() => {
  useSession.getState().signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('saved searches on the search page', () => {
  it('saves the search shown under a name, with e-mail alerts, and lists it', async () => {
    const created = saved('s1', 'Kit hunt', 'brand:paypal', 0);
    const calls = fakeApi({
      '/api/v1/search/': noHits,
      'GET /api/v1/saved-searches/': [ok({ limit: 10, used: 0, results: [] }), ok({ limit: 10, used: 1, results: [created] })],
      'POST /api/v1/saved-searches/': () => ({ status: 201, body: created }),
    });
    renderScreen(<SearchRoute />, { path: '/search?q=brand%3Apaypal', pattern: '/search' });
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Saved searches' });
    expect(within(region).getByText('0 of 10 saved searches in use.')).toBeInTheDocument();
    const name = within(region).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('brand:paypal');
    await user.clear(name);
    await user.type(name, 'Kit hunt');
    await user.type(within(region).getByRole('textbox', { name: 'Webhook URL (optional)' }), 'https://hooks.example.com/rs');
    await user.keyboard('{Enter}');
    expect(await within(region).findByRole('button', { name: 'Open matches of Kit hunt' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Kit hunt',
      q: 'brand:paypal',
      notify: { email: true, webhook_url: 'https://hooks.example.com/rs' },
    });
    expect(within(region).getByText('1 of 10 saved searches in use.')).toBeInTheDocument();
    // Saved already: no second form for the same search.
    expect(within(region).queryByRole('button', { name: 'Save search' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when a search cannot be saved', async () => {
    fakeApi({
      '/api/v1/search/': noHits,
      'GET /api/v1/saved-searches/': ok({ limit: 10, used: 0, results: [] }),
      'POST /api/v1/saved-searches/': fail(400, {
        q: ['A word that starts with a wildcard cannot be matched fast; start it with a letter.'],
      }),
    });
    renderScreen(<SearchRoute />, { path: '/search?q=*pal', pattern: '/search' });
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Saved searches' });
    await user.click(await within(region).findByRole('button', { name: 'Save search' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('A word that starts with a wildcard cannot be matched fast');
  });

  it('shows why a webhook URL was refused', async () => {
    fakeApi({
      '/api/v1/search/': noHits,
      'GET /api/v1/saved-searches/': ok({ limit: 10, used: 0, results: [] }),
      'POST /api/v1/saved-searches/': fail(400, {
        'notify.webhook_url': ['This webhook URL cannot be called: 10.0.0.7 is a private address.'],
      }),
    });
    renderScreen(<SearchRoute />, { path: '/search?q=brand%3Apaypal', pattern: '/search' });
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Saved searches' });
    await user.type(within(region).getByRole('textbox', { name: 'Webhook URL (optional)' }), 'http://10.0.0.7/hook');
    await user.click(within(region).getByRole('button', { name: 'Save search' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('This webhook URL cannot be called: 10.0.0.7 is a private address.');
  });

  it('lists new-match counts, opens a search’s matches (marking what is new) and deletes one', async () => {
    const hunt = saved('s1', 'Kit hunt', 'brand:paypal', 2);
    const calls = fakeApi({
      '/api/v1/search/': noHits,
      'GET /api/v1/saved-searches/': [
        ok({ limit: 10, used: 1, results: [hunt] }),
        ok({ limit: 10, used: 1, results: [{ ...hunt, new_matches: 0 }] }),
        ok({ limit: 10, used: 0, results: [] }),
      ],
      'GET /api/v1/saved-searches/s1/matches/': ok({
        saved_search: hunt,
        results: [
          { scan: hit('n1', 'https://paypa1-login.example/'), matched_at: '2026-11-26T10:00:00.000Z', new: true },
          { scan: hit('o1', 'https://old-kit.example/'), matched_at: '2026-11-20T10:00:00.000Z', new: false },
        ],
      }),
      // The fake answers with a body, which a real 204 has not: 200 stands in for it.
      'DELETE /api/v1/saved-searches/s1/': ok(null),
    });
    renderScreen(<SearchRoute />, { path: '/search', pattern: '/search' });
    const user = userEvent.setup();
    expect(await screen.findByText('2 new matches')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Saved searches' });
    expect(within(region).getByRole('link', { name: 'brand:paypal' })).toHaveAttribute('href', '/search?q=brand%3Apaypal');

    const open = screen.getByRole('button', { name: 'Open matches of Kit hunt' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    open.focus();
    await user.keyboard('{Enter}');
    const matches = await screen.findByRole('region', { name: 'Matches of Kit hunt' });
    const fresh = within(matches).getByRole('link', { name: 'https://paypa1-login.example/' });
    expect(fresh).toHaveAttribute('href', '/scan/n1');
    expect(fresh.closest('li')).toHaveTextContent(/^New/);
    expect(within(matches).getByRole('link', { name: 'https://old-kit.example/' }).closest('li')).not.toHaveTextContent(/^New/);
    // Looking cleared the count.
    expect(await screen.findByText('0 new matches')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide matches of Kit hunt' })).toHaveAttribute('aria-expanded', 'true');

    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Delete Kit hunt' }));
    expect(await screen.findByText('0 of 10 saved searches in use.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/saved-searches/s1/')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Delete Kit hunt' })).not.toBeInTheDocument();
  });

  it('tells a Free member that saved searches come with the paid plans, and offers no form', async () => {
    fakeApi({ '/api/v1/search/': noHits, 'GET /api/v1/saved-searches/': ok({ limit: 0, used: 0, results: [] }) });
    renderScreen(<SearchRoute />, { path: '/search?q=brand%3Apaypal', pattern: '/search' });
    expect(await screen.findByText('Saved searches that alert you of new matches come with the paid plans.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save search' })).not.toBeInTheDocument();
  });
});
