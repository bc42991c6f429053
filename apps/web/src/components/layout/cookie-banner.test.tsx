import '@/testing/jsdom-gaps.ts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CookieBanner } from './cookie-banner.tsx';
import { CookiePolicyModal } from './cookie-policy.tsx';

function clearConsent() {
  document.cookie = 'cookie_accept=; max-age=0; path=/';
}

beforeEach(clearConsent);

describe('cookie consent (SPEC §2, §4)', () => {
  it('shows the banner while cookie_accept is absent; Accept sets it and hides the banner', async () => {
    const { unmount } = render(<CookieBanner />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('cookie_accept=true');
    unmount();
    render(<CookieBanner />);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('opens the Cookie Policy modal with its two numbered items and keeps focus inside', async () => {
    render(
      <>
        <CookieBanner />
        <CookiePolicyModal />
      </>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cookie Policy' }));
    const dialog = screen.getByRole('dialog', { name: 'Cookie Policy' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('continuing to use the site you consent');
    expect(items[1]).toHaveTextContent('disable cookies in your browser settings');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
