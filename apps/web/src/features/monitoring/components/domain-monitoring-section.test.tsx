import '@/testing/jsdom-gaps.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { lookalikesCsv } from '../monitoring-export.ts';
import { DomainMonitoringSection } from './domain-monitoring-section.tsx';
import { lookalike, monitor } from '../testing/monitoring-fixtures.ts';

const found = [lookalike('pixelfroge.app', 'suspicious', 93), lookalike('pixelforge.online', 'parked', 12)];

beforeEach(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const open = () => renderScreen(<DomainMonitoringSection />, { path: '/profile/monitoring', pattern: '/profile/:id' });

describe('domain monitoring section', () => {
  it('lists the look-alikes of a watched domain with status chips and risk, filters them and opens the history', async () => {
    const calls = fakeApi({
      '/api/v1/monitors/': ok([monitor]),
      '/api/v1/monitors/quota/': ok({ used: 1, limit: 1, check_interval: 'daily' }),
      '/api/v1/monitors/m1/lookalikes/': (call) =>
        ok({ count: 2, next: null, previous: null, results: call.search.includes('status=parked') ? [found[1]] : found })(call),
      '/api/v1/monitors/m1/deliveries/': ok([]),
      '/api/v1/monitors/m1/brand-pages/': ok([]),
      '/api/v1/monitors/m1/takedowns/': ok([]),
    });
    open();
    const table = await screen.findByRole('table', { name: 'Look-alikes of pixelforge.app' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('pixelfroge.appSuspicious'),
      expect.stringContaining('pixelforge.onlineParked'),
    ]);
    expect(within(rows[0]!).getByText('93')).toBeInTheDocument();
    // The quota is used up: no form to add another domain.
    expect(screen.queryByLabelText('Domain to watch')).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Watched domains (checked daily)' })).toHaveAttribute('aria-valuenow', '1');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'parked');
    await waitFor(() => expect(calls.some((call) => call.search.includes('status=parked'))).toBe(true));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Details of pixelforge.online' }));
    const dialog = await screen.findByRole('dialog', { name: 'pixelforge.online' });
    expect(within(dialog).getByRole('list', { name: 'Status history' })).toHaveTextContent('Parked');
    expect(within(dialog).getByText('ns1.example')).toBeInTheDocument();
  });

  it('adds a domain and shows the server’s reason when it is refused', async () => {
    const calls = fakeApi({
      '/api/v1/monitors/': ok([]),
      '/api/v1/monitors/quota/': ok({ used: 0, limit: 1, check_interval: 'daily' }),
      'POST /api/v1/monitors/': fail(400, { domain: ['Enter a domain name, not an IP address.'] }),
    });
    open();
    await userEvent.type(await screen.findByLabelText('Domain to watch'), '203.0.113.7');
    await userEvent.click(screen.getByRole('button', { name: 'Watch domain' }));
    expect(await screen.findByText('Enter a domain name, not an IP address.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ domain: '203.0.113.7', keywords: [] });
  });

  it('sends the keywords and the alert address the API takes, and names a refused keyword', async () => {
    const calls = fakeApi({
      '/api/v1/monitors/': ok([]),
      '/api/v1/monitors/quota/': ok({ used: 0, limit: 1, check_interval: 'daily' }),
      'POST /api/v1/monitors/': fail(400, { 'keywords.1': ['Keywords are 2 to 20 letters or digits.'] }),
    });
    open();
    await userEvent.type(await screen.findByLabelText('Domain to watch'), 'example.com');
    await userEvent.type(screen.getByLabelText('Keywords (optional)'), 'brand, s');
    await userEvent.type(screen.getByLabelText('Alert e-mail (optional)'), 'soc@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Watch domain' }));
    expect(await screen.findByText('Keywords are 2 to 20 letters or digits.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      domain: 'example.com',
      keywords: ['brand', 's'],
      alert_email: 'soc@example.com',
    });
  });

  it('shows progress while a run is going', async () => {
    fakeApi({
      '/api/v1/monitors/': ok([
        { ...monitor, last_run: { ...monitor.last_run!, status: 'running', names_checked: 1200, found: 1, finished_at: null } },
      ]),
      '/api/v1/monitors/quota/': ok({ used: 1, limit: 1, check_interval: 'daily' }),
      '/api/v1/monitors/m1/lookalikes/': ok({ count: 0, next: null, previous: null, results: [] }),
      '/api/v1/monitors/m1/deliveries/': ok([]),
      '/api/v1/monitors/m1/brand-pages/': ok([]),
      '/api/v1/monitors/m1/takedowns/': ok([]),
    });
    open();
    expect(await screen.findByText(/Checking 1,200 of 4,634 look-alike names/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  });
});

describe('look-alike export', () => {
  it('writes one CSV row per look-alike with its records', () => {
    const csv = lookalikesCsv(found);
    expect(csv.split('\r\n')[0]).toBe('domain,fuzzer,status,first_seen,last_checked,risk_score,a,aaaa,mx,ns,scan_uid');
    expect(csv).toContain(
      'pixelfroge.app,transposition,suspicious,2026-11-24T10:00:30.000Z,2026-11-24T10:00:30.000Z,93,192.0.2.7,,,ns1.example,scan-1',
    );
  });
});
