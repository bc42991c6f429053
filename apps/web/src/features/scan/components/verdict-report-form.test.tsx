import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { renderWithApp, stubServer } from '../testing/render-with-app.tsx';
import { VerdictReportForm } from './verdict-report-form.tsx';

beforeEach(() => act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u1' })));
afterEach(() => vi.unstubAllGlobals());

describe('reporting a wrong verdict from the result', () => {
  it('sends the kind and comment chosen by label, then says it will be reviewed', async () => {
    const calls = stubServer({
      'POST /api/v1/scans/scan-1/verdict-reports/': () => ({
        status: 201,
        body: {
          uid: 'r1',
          scan_uid: 'scan-1',
          url: 'https://shop.example/',
          kind: 'false_positive',
          comment: 'Our shop',
          overall_risk: 87,
          status: 'pending',
          created_at: '2026-11-28T00:00:00.000Z',
          reviewed_at: null,
        },
      }),
    });
    renderWithApp(<VerdictReportForm scanUid="scan-1" />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Wrong verdict?'));
    const send = screen.getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /the verdict is too high/ }));
    await user.type(screen.getByLabelText('What should we know? (optional)'), 'Our shop');
    await user.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('your report will be reviewed');
    expect(calls[0]?.body).toEqual({ kind: 'false_positive', comment: 'Our shop' });
  });
});
