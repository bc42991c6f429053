import '@/testing/jsdom-gaps.ts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import AboutRoute from './about-route.tsx';

afterEach(() => vi.unstubAllGlobals());

async function fillContact() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Ana Muster');
  await user.type(screen.getByLabelText('Email'), 'ana@example.test');
  await user.type(screen.getByLabelText('Subject'), 'Custom plan');
  await user.type(screen.getByLabelText('Message'), 'We need 200k scans.');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('about page', () => {
  it('counts up from 0 to 3M+, 78%, 100% and 4+', async () => {
    vi.useFakeTimers();
    try {
      renderScreen(<AboutRoute />, { path: '/about' });
      const shown = () => [...document.querySelectorAll('.about-counter__value')].map((el) => el.textContent);
      expect(shown()).toEqual(['0M+', '0%', '0%', '0+']);
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(shown()).toEqual(['3M+', '78%', '100%', '4+']);
      for (const label of ['URLs scanned', 'detection accuracy', 'Swiss made', 'committed security']) {
        expect(screen.getByText(label)).toBeInTheDocument();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows five testimonials', () => {
    renderScreen(<AboutRoute />, { path: '/about' });
    expect(screen.getAllByRole('blockquote')).toHaveLength(5);
  });

  it('requires every contact field and a valid e-mail in the browser', () => {
    renderScreen(<AboutRoute />, { path: '/about' });
    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(name)).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(document.getElementById('contact-us')).not.toBeNull();
  });

  it('sends name, e-mail, subject and a message of name, e-mail and text; toasts Email Sent and returns to /about', async () => {
    const calls = fakeApi({ 'POST /api/v1/contactform': ok({ detail: 'Email Sent' }) });
    renderScreen(<AboutRoute />, { path: '/about' });
    await fillContact();
    expect(await screen.findByText('Email Sent')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      name: 'Ana Muster',
      email: 'ana@example.test',
      subject: 'Custom plan',
      message: 'Ana Muster\nana@example.test\n\nWe need 200k scans.',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('keeps the form on failure with Email Failed', async () => {
    fakeApi({ 'POST /api/v1/contactform': fail(429, { detail: 'Too many requests' }) });
    renderScreen(<AboutRoute />, { path: '/about' });
    await fillContact();
    expect(await screen.findByText('Email Failed')).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Custom plan');
  });
});
