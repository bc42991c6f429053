import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalTime } from './local-time.tsx';

describe('<LocalTime>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T21:57:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the reader’s time with a day word, and the exact UTC time on hover and to screen readers', () => {
    const { container } = render(<LocalTime iso="2026-11-28T21:54:00.000Z" timeZone="Europe/Berlin" />);
    const time = container.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-28T21:54:00.000Z');
    expect(time).toHaveAttribute('title', '2026-11-28 21:54 UTC');
    // Berlin is UTC+1 in November: 22:57 on the 27th now, 22:54 on the 28th then.
    expect(time).toHaveTextContent('tomorrow at 22:54 (2026-11-28 21:54 UTC)');
    expect(screen.getByText('(2026-11-28 21:54 UTC)', { exact: false })).toHaveClass('visually-hidden');
  });

  it('reads the clock at render time', () => {
    const { container } = render(<LocalTime iso="2026-11-20T10:00:00Z" timeZone="UTC" />);
    expect(container.querySelector('time')!.firstChild).toHaveTextContent('20 Nov 2026, 10:00');
  });

  it('writes a day alone when asked', () => {
    const { container } = render(<LocalTime iso="2026-11-27T08:00:00Z" timeZone="UTC" day />);
    expect(container.querySelector('time')!.firstChild?.textContent).toBe('today');
  });

  it('shows text that is not a date as it came', () => {
    const { container } = render(<LocalTime iso="27/Nov/2026:21:54:00 +0000" />);
    expect(container.querySelector('time')).toBeNull();
    expect(container).toHaveTextContent('27/Nov/2026:21:54:00 +0000');
  });
});
