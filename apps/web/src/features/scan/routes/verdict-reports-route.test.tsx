import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { renderWithApp, stubServer } from '../testing/render-with-app.tsx';
import VerdictReportsRoute from './verdict-reports-route.tsx';

const REPORT = {
  uid: 'r1',
  scan_uid: 's1',
  url: 'https://small-shop.example/reset',
  kind: 'false_positive',
  comment: 'Our own shop.',
  overall_risk: 87,
  status: 'pending',
  created_at: '2026-11-28T00:00:00.000Z',
  reviewed_at: null,
};

beforeEach(() => act(() => useSession.getState().signIn({ email: 'analyst@example.test', token: 't', uid: 'u1' })));
afterEach(() => vi.unstubAllGlobals());

describe('the operators’ verdict reports page', () => {
  it('lists pending reports and sends the decision; the queue is read again', async () => {
    let pending = [REPORT];
    const calls = stubServer({
      'GET /api/v1/verdict-reports/': () => ({ body: { results: pending } }),
      'POST /api/v1/verdict-reports/r1/decision/': () => {
        pending = [];
        return { body: { ...REPORT, status: 'accepted', reviewed_at: '2026-11-28T01:00:00.000Z' } };
      },
    });
    renderWithApp(<VerdictReportsRoute />);
    expect(await screen.findByText('https://small-shop.example/reset')).toBeInTheDocument();
    expect(screen.getByText('Our own shop.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept the report on https://small-shop.example/reset' }));
    expect(await screen.findByText('No reports to review.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'accept' });
  });

  it('tells anyone who is not an operator that the page is not theirs', async () => {
    stubServer({
      'GET /api/v1/verdict-reports/': () => ({ status: 403, body: { detail: 'You do not have permission to perform this action.' } }),
    });
    renderWithApp(<VerdictReportsRoute />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This page is for operators who review reports.');
  });
});
