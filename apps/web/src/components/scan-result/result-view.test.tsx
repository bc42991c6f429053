import '@/testing/jsdom-gaps.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/testing/render-screen.tsx';
import { sampleResult } from './testing/sample-result.ts';
import { ResultView } from './result-view.tsx';

describe('ResultView (SPEC §2)', () => {
  it('shows the URL, location with flag, classifications, score, level, gauge labels and scale', () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    expect(screen.getByRole('heading', { name: /^Results:/ })).toHaveTextContent('Results: https://shop.example.test/');
    expect(screen.getByRole('link', { name: 'https://shop.example.test/' })).toHaveAttribute('target', '_blank');
    const location = screen.getByText('Switzerland', { selector: 'dd' });
    expect(location.querySelector('img.flag')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Screenshot of https://shop.example.test/' })).toHaveAttribute(
      'src',
      '/screenshots/scan-sample-1.png',
    );
    expect(screen.getByLabelText('Overall risk')).toHaveTextContent('72Risky');
    expect(
      within(screen.getByRole('list', { name: 'Risk levels' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Secure', 'Good', 'Normal', 'Risky', 'Danger']);
    expect(screen.getByText('0: Min. Risk | 100: Max. Risk')).toBeInTheDocument();
    expect(screen.getByText(/imitates a well-known shop/)).toBeInTheDocument();
  });

  it('opens one tooltip at a time', async () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Phishing' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('pretending to be another site');
    await user.click(screen.getByRole('button', { name: 'Newly registered' }));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent('registered in the last 30 days');
  });

  it('pages categories 5 at a time and expands one to its details', async () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    const user = userEvent.setup();
    const categories = () => screen.getAllByRole('button', { expanded: false }).filter((b) => b.classList.contains('category__header'));
    expect(categories().map((b) => b.querySelector('.category__name')?.textContent)).toEqual([
      'Domain',
      'Content',
      'Reputation',
      'TLS',
      'Redirects',
    ]);
    await user.click(screen.getByRole('button', { name: /^Domain/ }));
    const detail = screen.getByText('domain_age').closest('li') as HTMLElement;
    expect(within(detail).getByText('90 / 100')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'Domain age' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Domain age looks at one aspect of the page.');

    await user.type(screen.getByLabelText('Go to page'), '2');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');
    const brand = screen.getByRole('button', { name: /^Brand/ });
    await user.click(brand);
    const panel = within(brand.closest('li') as HTMLElement);
    expect(panel.getByText(/This check is not enabled/)).toHaveTextContent('This check is not enabled. Please enable it here.');
    expect(panel.getByRole('link', { name: 'here' })).toHaveAttribute('href', '/profile/currenttemplate');
  });

  it('links the not-enabled message to /profile inside the recent-scan modal', async () => {
    renderScreen(
      <ResultView
        result={{ ...sampleResult, checks: [{ category: 'Brand', risk_score: 0, details: [] }] }}
        mode="profile"
        showDisabled={false}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /^Brand/ }));
    expect(screen.getByRole('link', { name: 'here' })).toHaveAttribute('href', '/profile');
  });

  it("lists disabled checks for signed-in users, 3 first, with 'See All' / 'See Less'", async () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled />);
    const user = userEvent.setup();
    const section = screen.getByRole('heading', { name: 'Disabled check in this scan:' }).parentElement as HTMLElement;
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(section).getByRole('button', { name: 'See All' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(section).getByRole('button', { name: /^Keyloggers/ }));
    expect(within(section).getByText('Keyloggers looks at one aspect of the page.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'See Less' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('hides the disabled checks from guests', () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    expect(screen.queryByText('Disabled check in this scan:')).not.toBeInTheDocument();
  });

  it('shows extended results with counts and 10-item previews, and no heading without data', async () => {
    const { unmount } = renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /WebSite Links · URL \(15\)/ }));
    const links = screen.getByRole('button', { name: /WebSite Links/ }).nextElementSibling as HTMLElement;
    expect(within(links).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'IP Information' }));
    expect(screen.getByText(/Domains \(12\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
    await user.click(screen.getByRole('button', { name: 'Contacted Domains · Domains (2)' }));
    const contacted = screen.getByRole('button', { name: /Contacted Domains/ }).nextElementSibling as HTMLElement;
    expect(
      within(contacted)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['shop.example.test', 'cdn.example.net']);
    unmount();

    const { webtech: _w, dns_checks: _d, ip_checks: _i, page_checks: _p, contacted_domains: _c, ...bare } = sampleResult;
    renderScreen(<ResultView result={bare} mode="home" showDisabled={false} />);
    expect(screen.queryByText('Extended Check Results')).not.toBeInTheDocument();
  });

  it("opens the screenshot in a modal titled 'Screenshot' and closes it on Escape", async () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open the screenshot' }));
    expect(screen.getByRole('dialog', { name: 'Screenshot' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no picture for a screenshot link that is not http(s) or our own path', () => {
    renderScreen(<ResultView result={{ ...sampleResult, screenshot_link: 'javascript:alert(1)' }} mode="home" showDisabled={false} />);
    expect(screen.queryByRole('button', { name: 'Open the screenshot' })).not.toBeInTheDocument();
    expect(screen.getByText('No screenshot')).toBeInTheDocument();
  });
});
