import '@/testing/jsdom-gaps.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleResult } from '@/components/scan-result/testing/sample-result.ts';
import { useSession } from '@/lib/session.ts';
import { fakeApi } from '@/testing/fake-api.ts';
import { current, singlePlan } from '@/testing/membership-fixtures.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ScanPermalinkRoute from './scan-permalink-route.tsx';

const scanAnswer = () => ({ status: 200, body: { data: { ...sampleResult, uid: 's1' } } });

function open(plan: 'Free' | 'Professional' | null) {
  fakeApi({
    '/api/recent-scans/s1/': scanAnswer,
    '/api/v1/memberships/': () => ({ status: 200, body: { current: plan ? current(plan) : null, history: [] } }),
    [`/api/v1/memberships/plans/${plan?.toLowerCase()}-month/`]: () => ({ status: 200, body: singlePlan(plan ?? 'Free') }),
  });
  renderScreen(<ScanPermalinkRoute />, { path: '/scan/s1', pattern: '/scan/:uid' });
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
});
afterEach(() => vi.unstubAllGlobals());

describe('the permalink downloads show what the plan allows before a click', () => {
  it('a guest sees disabled buttons and how to get exports', async () => {
    open(null);
    expect(await screen.findByText(/to download reports; exports come with the Professional/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
  });

  it('a Free member sees disabled buttons and an upgrade link', async () => {
    useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u1' });
    open('Free');
    expect(await screen.findByText(/Your plan does not include exports/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    for (const name of ['JSON', 'CSV', 'HAR (requests)', 'DOM (HTML as text)']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('a Professional member gets working buttons and no upgrade note', async () => {
    useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u1' });
    open('Professional');
    const csv = await screen.findByRole('button', { name: 'CSV' });
    await vi.waitFor(() => expect(csv).toBeEnabled());
    expect(screen.queryByText(/Your plan does not include exports/)).not.toBeInTheDocument();
  });
});

describe('a member’s scan that is still running (issue 37)', () => {
  it('shows its stage from the server, cancels it, then says it was cancelled', async () => {
    useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u1' });
    const running = { status: 200, body: { uid: 's1', status: 'running', stage: 'judging', data: null } };
    const cancelled = { status: 200, body: { uid: 's1', status: 'cancelled', stage: null, data: null } };
    const calls = fakeApi({
      '/api/recent-scans/s1/': () => ({ status: 404, body: { detail: 'Not found.' } }),
      '/api/v1/scan-history/s1/': () => ({ status: 200, body: { uid: 's1', status: 'running', data: null } }),
      'GET /api/v1/scans/s1/': [() => running, () => cancelled],
      'POST /api/v1/scans/s1/cancel/': () => cancelled,
    });
    renderScreen(<ScanPermalinkRoute />, { path: '/scan/s1', pattern: '/scan/:uid' });
    expect(await screen.findByRole('heading', { name: 'Scan in progress' })).toBeInTheDocument();
    expect(screen.getByText(/^This scan is still running/)).toHaveTextContent('This scan is still running: Judging what was found.');
    const stages = screen.getByRole('list', { name: 'Scan stages' });
    expect(within(stages).getByText('Judging what was found')).toHaveAttribute('aria-current', 'step');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel scan' }));
    expect(await screen.findByRole('heading', { name: 'Scan cancelled' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/v1/scans/s1/cancel/')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Scan not found' })).not.toBeInTheDocument();
  });
});
