import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fake timers for every test of a file with SPEC's 2-second redirects: the clock still moves with
 * real time (Testing Library's polling keeps working), and `passTime` jumps it instead of waiting.
 * user-event pauses through `advanceTimers`, so typing does not wait for the clock's 20 ms ticks.
 */
export function fakeClockInEachTest(): void {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());
}

export const userEventOptions = { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) };

export const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
