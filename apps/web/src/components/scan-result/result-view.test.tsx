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
    const heading = screen.getByRole('heading', { level: 1, name: /^Results:/ });
    expect(heading).toHaveTextContent('Results: https://shop.example.test/');
    expect(within(heading).getByRole('link', { name: 'https://shop.example.test/' })).toHaveAttribute('target', '_blank');
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
    const categories = (expanded: boolean) =>
      screen
        .getAllByRole('button', { expanded })
        .filter((b) => b.classList.contains('category__header'))
        .map((b) => b.querySelector('.category__name')?.textContent);
    // Categories with findings open by default; clean ones stay closed.
    expect(categories(true)).toEqual(['Domain', 'Content', 'TLS']);
    expect(categories(false)).toEqual(['Reputation', 'Redirects']);
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

describe('ResultView summary and reachability (issue 22)', () => {
  it('puts the strongest findings, the final URL with its redirect chain, IP, AS and hosting country above the categories', () => {
    renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    const findings = summary.getAllByRole('listitem').filter((li) => li.closest('.result-summary__findings'));
    expect(findings.map((li) => li.querySelector('.score-pill')?.textContent)).toEqual(['90 / 100', '70 / 100', '40 / 100', '20 / 100']);
    expect(summary.getByRole('link', { name: 'https://login.shop-example.test/signin' })).toBeInTheDocument();
    expect(summary.getByText('Redirect chain').nextElementSibling).toHaveTextContent(
      'https://shop.example.test/ (shop.example.test)https://login.shop-example.test/signin (login.shop-example.test)',
    );
    // Each host, address and AS links to the scans that share it (issue 31).
    expect(summary.getByRole('link', { name: 'login.shop-example.test' })).toHaveAttribute(
      'href',
      '/search?q=domain%3Alogin.shop-example.test',
    );
    expect(summary.getByRole('link', { name: '192.0.2.10' })).toHaveAttribute('href', '/search?q=ip%3A192.0.2.10');
    expect(summary.getByRole('link', { name: 'AS64500' })).toHaveAttribute('href', '/search?q=asn%3A64500');
    expect(summary.getByText('AS64500').closest('dd')).toHaveTextContent('AS64500 Example Hosting');
    expect(summary.getByText('Switzerland (CH)')).toBeInTheDocument();
    const order = [
      screen.getByLabelText('Overall risk'),
      screen.getByRole('region', { name: 'Summary' }),
      screen.getByText('Check categories'),
    ];
    expect(order.every((node, i) => i === 0 || order[i - 1]!.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)).toBe(true);
  });

  it('moves the focus to the result heading on the home page, but not inside a dialog', () => {
    const { unmount } = renderScreen(<ResultView result={sampleResult} mode="home" showDisabled={false} />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    unmount();
    renderScreen(<ResultView result={sampleResult} mode="profile" showDisabled={false} />);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });

  it('says at the top when the page could not be loaded, and shows checks that did not run as "Not run"', () => {
    const unreachable = {
      ...sampleResult,
      reachable: false,
      unreachable: {
        reason: 'unresolvable' as const,
        url: 'http://no-such-host.invalid/',
        message: 'The name no-such-host.invalid does not resolve.',
      },
      checks: [
        {
          category: 'TLS',
          risk_score: 0,
          details: [{ ...sampleResult.checks[3]!.details[0]!, risk_score: 0, not_run: true, message: 'Not run: no page could be loaded.' }],
        },
      ],
    };
    renderScreen(<ResultView result={unreachable} mode="home" showDisabled={false} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('The page could not be loaded. The name no-such-host.invalid does not resolve.');
    expect(note).toHaveTextContent('This is no sign that the site is safe.');
    expect(note).toHaveTextContent('it did not use your free scan or your plan’s scans');
    expect(note.compareDocumentPosition(screen.getByLabelText('Overall risk')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The category says "Not run"; its detail sits in the folded "Not run" group with why, under its plain title.
    expect(screen.getAllByText('Not run', { selector: '.score-pill' })).toHaveLength(1);
    expect(screen.getByText('Not run (1)')).toBeInTheDocument();
    expect(screen.getByText(/Not run: no page could be loaded\./)).toBeInTheDocument();
    expect(screen.queryByText('0 / 100')).not.toBeInTheDocument();
  });

  it('says which side of the verdict each finding comes from', () => {
    const sided = {
      ...sampleResult,
      checks: [
        {
          category: 'Threat Intelligence',
          risk_score: 80,
          details: [{ ...sampleResult.checks[3]!.details[0]!, name: 'threat_phishing_address', risk_score: 80, side: 'url' as const }],
        },
        {
          category: 'Page Content',
          risk_score: 90,
          details: [{ ...sampleResult.checks[3]!.details[0]!, name: 'page_brand_impersonation', risk_score: 90, side: 'page' as const }],
        },
      ],
    };
    renderScreen(<ResultView result={sided} mode="home" showDisabled={false} />);
    expect(screen.getAllByText('URL', { selector: '.detail__side' })).toHaveLength(1);
    expect(screen.getAllByText('Page', { selector: '.detail__side' })).toHaveLength(1);
  });

  it('folds the details that found nothing into "Nothing found", named by title, never by raw id', () => {
    const category = sampleResult.checks[0]!;
    const quiet = {
      ...sampleResult,
      checks: [
        {
          ...category,
          risk_score: 30,
          details: [
            { ...category.details[0]!, name: 'found_one', title: 'Found one', risk_score: 30, message: 'Something found.' },
            { ...category.details[0]!, name: 'tls_missing', title: 'No encryption', risk_score: 0, message: 'Served over https.' },
          ],
        },
      ],
    };
    renderScreen(<ResultView result={quiet} mode="home" showDisabled={false} />);
    const folded = screen.getByText('Nothing found (1)').closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(folded).toHaveTextContent('No encryption: Served over https.');
    expect(screen.queryByText('tls_missing')).not.toBeInTheDocument();
    expect(screen.getByText('found_one')).toBeInTheDocument();
  });

  it('says when https failed and the scan went on over http', () => {
    const overHttp = {
      ...sampleResult,
      url: 'http://shop.example.test/',
      https_failed: {
        reason: 'refused' as const,
        url: 'https://shop.example.test/',
        message: 'shop.example.test refused the connection (ECONNREFUSED).',
      },
    };
    renderScreen(<ResultView result={overHttp} mode="home" showDisabled={false} />);
    expect(screen.getByRole('note')).toHaveTextContent(
      'https did not answer: shop.example.test refused the connection (ECONNREFUSED). The site answered over plain http, so the scan used http://shop.example.test/.',
    );
  });
});
