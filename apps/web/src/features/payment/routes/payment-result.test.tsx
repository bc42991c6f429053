import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-screen.tsx';
import PaymentCancelRoute from './payment-cancel-route.tsx';
import PaymentSuccessRoute from './payment-success-route.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe.each([
  ['/payment/success/', 'Payment Successful', <PaymentSuccessRoute key="s" />, /confirmation e-mail/],
  ['/payment/cancel/', 'Payment Canceled', <PaymentCancelRoute key="c" />, /not completed .* retry/],
])('%s', (path, title, element, text) => {
  it('counts down 5 seconds, then opens /profile/license_details', async () => {
    renderScreen(element, { path });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('in 5 second(s)');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('timer')).toHaveTextContent('in 1 second(s)');
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/license_details');
  });
});
