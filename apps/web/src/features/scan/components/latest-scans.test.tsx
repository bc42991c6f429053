import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubServer } from '../testing/render-with-app.tsx';
import { sampleResult } from '@/components/scan-result/testing/sample-result.ts';
import { LatestScans } from './latest-scans.tsx';

afterEach(() => vi.unstubAllGlobals());

const board = [
  { uid: 'a1', url: 'https://shop.example.test/', date: '2024-05-01T10:15:00Z', overall_risk_score: 72 },
  { uid: 'b2', url: 'https://docs.example.test/', date: '2024-05-01T10:10:00Z', overall_risk_score: 5 },
];

describe('Latest Scans (SPEC §2)', () => {
  it('shows skeleton rows while there is no history', async () => {
    stubServer({ 'GET /api/recent-scans/': () => ({ body: [] }) });
    renderWithApp(<LatestScans showDisabled={false} />);
    expect(screen.getByRole('heading', { name: 'Latest Scans' })).toBeInTheDocument();
    expect(screen.getByText(/Updates every 20s/)).toHaveTextContent('updating');
    expect(await screen.findByText(/Last update \d\d : \d\d : \d\d/)).toBeInTheDocument();
    expect(document.querySelectorAll('tr.skeleton-row')).toHaveLength(5);
    // Once the answer is in, an empty board says so instead of looking like it still loads.
    expect(screen.getByText('No public scans yet: scan a URL and it appears here.')).toBeInTheDocument();
  });

  it('lists URL (new tab), time and risk, and opens a scan in the modal in profile mode', async () => {
    let release: () => void = () => undefined;
    const calls = stubServer({
      'GET /api/recent-scans/': () => ({ body: board }),
      'GET /api/recent-scans/a1/': () => new Promise((resolve) => (release = () => resolve({ body: { data: sampleResult } }))),
    });
    renderWithApp(<LatestScans showDisabled={false} />);
    const link = await screen.findByRole('link', { name: 'shop.example.test/' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener noreferrer'));
    expect(link).toHaveAttribute('title', 'https://shop.example.test/');
    // Rated Risky (72): the link opens riskscan's warning first, never the page itself; only the scan's uid goes along.
    expect(link).toHaveAttribute('href', '/leaving?scan=a1');
    expect(screen.getByRole('link', { name: 'docs.example.test/' })).toHaveAttribute('href', 'https://docs.example.test/');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('72')).toBeInTheDocument();
    // The reader's zone (this machine's) to the minute, the exact UTC moment on hover.
    const time = row.querySelector('time')!;
    expect(time).toHaveAttribute('title', '2024-05-01 10:15 UTC');
    expect(time.firstChild?.textContent).toMatch(/^\d{1,2} (Apr|May) 2024, \d\d:\d\d$/);

    await userEvent.setup().click(within(row).getByRole('button', { name: 'View the scan of https://shop.example.test/' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('progressbar')).toBeInTheDocument();
    release();
    // The result view is a lazy chunk: its first import compiles, which takes seconds on a loaded machine.
    expect(await within(dialog).findByRole('heading', { name: /^Results:/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Scan another website' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: '2' }));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: /^Brand/ }));
    expect(within(dialog).getByRole('link', { name: 'here' })).toHaveAttribute('href', '/profile');
    expect(calls.filter((c) => c.path === '/api/recent-scans/a1/')).toHaveLength(1);
  });

  it('asks the board again every 20 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = stubServer({ 'GET /api/recent-scans/': () => ({ body: board }) });
      renderWithApp(<LatestScans showDisabled={false} />);
      await screen.findByRole('link', { name: 'shop.example.test/' });
      expect(calls.filter((c) => c.path === '/api/recent-scans/')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(19_000);
      expect(calls.filter((c) => c.path === '/api/recent-scans/')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(calls.filter((c) => c.path === '/api/recent-scans/')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
