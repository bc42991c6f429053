import '@/testing/jsdom-gaps.ts';
import type { BrandPage, Lookalike, TakedownCase } from '@riskscan/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { type FakeRoute, fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { formatTakedownTime } from '../takedown-duration.ts';
import { lookalike, monitor } from '../testing/monitoring-fixtures.ts';
import { DomainMonitoringSection } from './domain-monitoring-section.tsx';

const takedown: TakedownCase = {
  uid: 'tc1',
  domain: 'pixelfroge.app',
  status: 'reported',
  registrar: { name: 'Stand-in Registrar', abuse_email: 'abuse@registrar.test', registered_at: '2026-11-20T00:00:00.000Z' },
  hosting: { name: 'Stand-in Hosting', abuse_email: 'abuse@hosting.test', network: 'HOST-NET', range: '192.0.2.0/24', country: 'NL' },
  evidence: {
    risk_score: 93,
    reasons: ['Login form posting to another domain'],
    scan_uid: 'scan-1',
    screenshot_link: null,
    final_url: 'https://pixelfroge.app/login',
    ip: '192.0.2.7',
    certificate: null,
    timeline: [{ at: '2026-11-24T10:00:30.000Z', event: 'First seen' }],
  },
  report: 'Dear abuse team,\nthe domain pixelfroge.app impersonates pixelforge.app.',
  reported_at: '2026-11-25T10:00:00.000Z',
  last_checked_at: null,
  down_at: null,
  time_to_takedown_seconds: null,
  checks: 0,
};

const down: TakedownCase = {
  ...takedown,
  status: 'down',
  last_checked_at: '2026-11-27T13:00:00.000Z',
  down_at: '2026-11-27T13:00:00.000Z',
  time_to_takedown_seconds: 2 * 86_400 + 3 * 3_600,
  checks: 3,
};

const loginPage: BrandPage = {
  uid: 'bp1',
  url: 'https://pixelforge.app/login',
  kind: 'login',
  ready: true,
  scan_uid: 'scan-own',
  screenshot_link: '/shots/own-login.png',
  created_at: '2026-11-24T09:00:00.000Z',
};

const page = (results: Lookalike[]) => ok({ count: results.length, next: null, previous: null, results });

function serve(routes: Record<string, FakeRoute | FakeRoute[]>) {
  return fakeApi({
    '/api/v1/monitors/': ok([monitor]),
    '/api/v1/monitors/quota/': ok({ used: 1, limit: 1, check_interval: 'daily' }),
    '/api/v1/monitors/m1/deliveries/': ok([]),
    '/api/v1/monitors/m1/lookalikes/': page([]),
    '/api/v1/monitors/m1/brand-pages/': ok([]),
    '/api/v1/monitors/m1/takedowns/': ok([]),
    ...routes,
  });
}

beforeEach(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = () => renderScreen(<DomainMonitoringSection />, { path: '/profile/monitoring', pattern: '/profile/:id' });

describe('takedown pack', () => {
  it('offers a takedown only for look-alikes judged malicious, and shows the case it prepares', async () => {
    const calls = serve({
      '/api/v1/monitors/m1/lookalikes/': page([
        lookalike('pixelfroge.app', 'suspicious', 40),
        lookalike('pixelforge.shop', 'live', 75),
        lookalike('pixelforge.online', 'parked', 12),
        lookalike('pixelforge.net', 'live', 59),
      ]),
      'GET /api/v1/monitors/m1/takedowns/': [ok([]), ok([takedown])],
      'POST /api/v1/monitors/m1/takedowns/': () => ({ status: 201, body: takedown }),
    });
    open();
    await screen.findByRole('table', { name: 'Look-alikes of pixelforge.app' });
    const offered = screen.getAllByRole('button', { name: /^Prepare takedown of / }).map((button) => button.getAttribute('aria-label'));
    expect(offered).toEqual(['Prepare takedown of pixelfroge.app', 'Prepare takedown of pixelforge.shop']);

    await userEvent.click(screen.getByRole('button', { name: 'Prepare takedown of pixelfroge.app' }));
    const heading = await screen.findByRole('heading', { name: 'Takedown of pixelfroge.app' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ domain: 'pixelfroge.app' });
    await waitFor(() => expect(heading).toHaveFocus());
    const panel = heading.closest('article')!;
    expect(within(panel).getByText('Reported')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'abuse@registrar.test' })).toHaveAttribute('href', 'mailto:abuse@registrar.test');
    expect(within(panel).getByRole('link', { name: 'abuse@hosting.test' })).toBeInTheDocument();
    expect(within(panel).getByText(/Stand-in Registrar/)).toBeInTheDocument();
    expect(within(panel).getByText(/HOST-NET, 192\.0\.2\.0\/24, NL/)).toBeInTheDocument();
    expect(within(panel).getByRole('list', { name: 'Reasons' })).toHaveTextContent('Login form posting to another domain');
    expect(within(panel).getByRole('list', { name: 'Timeline' })).toHaveTextContent('First seen');
    expect(within(panel).getByLabelText('Abuse report')).toHaveValue(takedown.report);
    expect(within(panel).queryByText(/Taken down in/)).not.toBeInTheDocument();
  });

  it('shows the server’s reason beside the look-alike when the pack cannot be made', async () => {
    serve({
      '/api/v1/monitors/m1/lookalikes/': page([lookalike('pixelfroge.app', 'suspicious', 93)]),
      'POST /api/v1/monitors/m1/takedowns/': fail(400, { domain: ['This look-alike is not judged malicious.'] }),
    });
    open();
    const button = await screen.findByRole('button', { name: 'Prepare takedown of pixelfroge.app' });
    await userEvent.click(button);
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('This look-alike is not judged malicious.');
    expect(message.closest('tr')).toHaveTextContent('pixelfroge.app');
    expect(button).toHaveAccessibleDescription('This look-alike is not judged malicious.');
  });

  it('checks a case again, reports the time to takedown, copies and downloads the report with the session', async () => {
    const saved = vi.fn((_blob: Blob) => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const calls = serve({
      '/api/v1/monitors/m1/takedowns/': ok([takedown]),
      'POST /api/v1/monitors/m1/takedowns/tc1/check/': ok(down),
      '/api/v1/monitors/m1/takedowns/tc1/report.pdf': ok('%PDF-1.4'),
    });
    const user = userEvent.setup();
    open();
    const panel = (await screen.findByRole('heading', { name: 'Takedown of pixelfroge.app' })).closest('article')!;

    await user.click(within(panel).getByRole('button', { name: 'Copy report' }));
    expect(await navigator.clipboard.readText()).toBe(takedown.report);

    await user.click(within(panel).getByRole('button', { name: 'Download .pdf' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(calls.find((call) => call.path.endsWith('/report.pdf'))?.auth).toBe('Bearer acc');

    await user.click(within(panel).getByRole('button', { name: 'Check now' }));
    expect(await within(panel).findByText('Taken down in 2 days 3 hours')).toBeInTheDocument();
    expect(within(panel).getByText('Down')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('Checked: down.');
  });

  it('words the time to takedown in its two largest units', () => {
    expect(formatTakedownTime(2 * 86_400 + 3 * 3_600 + 59)).toBe('2 days 3 hours');
    expect(formatTakedownTime(3_600 + 60)).toBe('1 hour 1 minute');
    expect(formatTakedownTime(45 * 60)).toBe('45 minutes');
    expect(formatTakedownTime(86_400 + 5 * 60)).toBe('1 day');
    expect(formatTakedownTime(20)).toBe('under a minute');
  });
});

describe('your own pages and copies of them', () => {
  it('registers a page, shows it scanning, and removes one', async () => {
    const scanning: BrandPage = {
      ...loginPage,
      uid: 'bp2',
      url: 'https://pixelforge.app/',
      kind: 'home',
      ready: false,
      screenshot_link: null,
    };
    const calls = serve({
      'GET /api/v1/monitors/m1/brand-pages/': [ok([loginPage]), ok([loginPage, scanning]), ok([scanning])],
      'POST /api/v1/monitors/m1/brand-pages/': () => ({ status: 201, body: scanning }),
      'DELETE /api/v1/monitors/m1/brand-pages/bp1/': () => ({ status: 204, body: null }),
    });
    open();
    await userEvent.click(await screen.findByText('Your own pages (1)'));
    expect(screen.getByAltText('Screenshot of https://pixelforge.app/login')).toHaveAttribute('src', '/shots/own-login.png');

    await userEvent.type(screen.getByLabelText('Page address'), 'https://pixelforge.app/');
    await userEvent.selectOptions(screen.getByLabelText('Kind of page'), 'home');
    await userEvent.click(screen.getByRole('button', { name: 'Add page' }));
    expect(await screen.findByText('Scanning…')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ url: 'https://pixelforge.app/', kind: 'home' });
    expect(screen.getByLabelText('Page address')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Remove https://pixelforge.app/login' }));
    await waitFor(() => expect(screen.queryByText(/Login page: https:\/\/pixelforge\.app\/login/)).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/monitors/m1/brand-pages/bp1/')).toBe(true);
  });

  it('shows the server’s reason next to the page address', async () => {
    serve({ 'POST /api/v1/monitors/m1/brand-pages/': fail(400, { url: ['Enter the address of one of your own pages.'] }) });
    open();
    await userEvent.click(await screen.findByText('Your own pages (0)'));
    await userEvent.type(screen.getByLabelText('Page address'), 'not a page');
    await userEvent.click(screen.getByRole('button', { name: 'Add page' }));
    expect(await screen.findByText('Enter the address of one of your own pages.')).toBeInTheDocument();
    expect(screen.getByLabelText('Page address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Page address')).toHaveAccessibleDescription('Enter the address of one of your own pages.');
  });

  it('names the copied page on the look-alike and shows both screenshots side by side', async () => {
    const copy: Lookalike = {
      ...lookalike('pixelfroge.app', 'suspicious', 93),
      screenshot_link: '/shots/clone.png',
      copies: {
        brand_page: loginPage.url,
        kind: 'login',
        basis: 'screenshot',
        distance: 4,
        message: 'Copies your login page (visual distance 4/64)',
      },
    };
    serve({
      '/api/v1/monitors/m1/lookalikes/': page([copy, lookalike('pixelforge.online', 'parked', 12)]),
      '/api/v1/monitors/m1/brand-pages/': ok([loginPage]),
    });
    open();
    const table = await screen.findByRole('table', { name: 'Look-alikes of pixelforge.app' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Copies your login page (visual distance 4/64)')).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent('Copies your');

    await userEvent.click(screen.getByRole('button', { name: 'Details of pixelfroge.app' }));
    const dialog = await screen.findByRole('dialog', { name: 'pixelfroge.app' });
    expect(within(dialog).getByText('Copies your login page (visual distance 4/64)')).toBeInTheDocument();
    expect(within(dialog).getByAltText('Screenshot of pixelfroge.app')).toHaveAttribute('src', '/shots/clone.png');
    expect(within(dialog).getByAltText(`Screenshot of your page ${loginPage.url}`)).toHaveAttribute('src', '/shots/own-login.png');
  });
});
