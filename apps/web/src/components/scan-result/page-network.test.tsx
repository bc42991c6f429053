import userEvent from '@testing-library/user-event';
import '@/testing/jsdom-gaps.ts';
import type { CheckResult } from '@riskscan/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { sampleResult } from './testing/sample-result.ts';
import { ResultView } from './result-view.tsx';
import { PageNetwork } from './page-network.tsx';

const request = { method: 'GET', resource_type: 'script', blocked: false, country_code: 'US', asn: 15169, as_name: 'GOOGLE' };
const analysed: CheckResult = {
  ...sampleResult,
  redirect_chain: ['http://shop.example.test/', 'https://shop.example.test/'],
  domain_created: '2026-11-20T00:00:00Z',
  hosting: { ip: '192.0.2.7', country_code: 'DE', country_name: 'Germany', asn: 64500, as_name: 'Example Hosting' },
  certificate: {
    subject: 'shop.example.test',
    issuer: 'R11',
    issuer_organization: "Let's Encrypt",
    valid_from: '2026-11-01T00:00:00.000Z',
    valid_to: '2027-01-30T00:00:00.000Z',
    subject_alt_names: ['shop.example.test', 'www.shop.example.test'],
    trusted: true,
    ct_first_seen: null,
  },
  page_sha256: 'a'.repeat(64),
  capture: {
    status: 'complete',
    message: '',
    screenshot: null,
    screenshot_phash: 'ffd8c0c0e0f0f8fc',
    thumbnail: null,
    final_url: 'https://shop.example.test/',
    title: 'Shop',
    favicon: null,
    redirects: [],
    requests: [
      { ...request, url: 'https://shop.example.test/', resource_type: 'document', status: 200, bytes: 2048, remote_ip: '192.0.2.7' },
      { ...request, url: 'https://cdn.example.net/app.js', status: 200, bytes: 1_500_000, remote_ip: '8.8.8.8' },
      { ...request, url: 'http://10.0.0.1/x', status: null, bytes: 0, remote_ip: null, blocked: true, country_code: null, asn: null },
    ],
    console_errors: [],
    cookies: [],
    downloads: [],
    dialogs: 0,
    popups: [],
    duration_ms: 800,
  },
};

const searchHref = (q: string) => `/search?q=${encodeURIComponent(q)}`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PageNetwork (issue 31)', () => {
  it('lists every request with method, status, type, size, address, country and AS, each pivot linked to its search', () => {
    renderScreen(<PageNetwork result={analysed} />);
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByText('1.4 MB')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('link', { name: '8.8.8.8' })).toHaveAttribute('href', searchHref('ip:8.8.8.8'));
    expect(within(rows[2]!).getByRole('link', { name: /AS15169/ })).toHaveAttribute('href', searchHref('asn:15169'));
    expect(within(rows[2]!).getByRole('link', { name: 'cdn.example.net' })).toHaveAttribute('href', searchHref('domain:cdn.example.net'));
    expect(within(rows[1]!).getByText(/registered 2026-11-20/)).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Blocked')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requests (3)' })).toBeInTheDocument();
  });

  it('folds the requests on a phone behind a button that says how many (issue 37)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 600px)', media: query }));
    renderScreen(<PageNetwork result={analysed} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const fold = screen.getByRole('button', { name: 'Show the 3 requests' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(fold);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Hide the requests' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the domain with its age, the certificate, the hashes and the GeoIP attribution', () => {
    renderScreen(<PageNetwork result={analysed} />);
    expect(screen.getByText('Domain').nextElementSibling).toHaveTextContent('shop.example.test · registered 2026-11-20');
    expect(screen.getByRole('link', { name: 'login.shop-example.test' })).toHaveAttribute(
      'href',
      searchHref('domain:login.shop-example.test'),
    );
    expect(screen.getByRole('link', { name: 'a'.repeat(64) })).toHaveAttribute('href', searchHref(`hash:${'a'.repeat(64)}`));
    expect(screen.getByRole('link', { name: 'ffd8c0c0e0f0f8fc' })).toBeInTheDocument();
    expect(screen.getByText("R11, Let's Encrypt")).toBeInTheDocument();
    expect(screen.getByText('2026-11-01 to 2027-01-30')).toBeInTheDocument();
    expect(screen.getByText('shop.example.test, www.shop.example.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute('href', 'https://db-ip.com');
  });

  it('names the hosting AS and country in the summary when the IP checks did not run', () => {
    const { ip_checks: _none, ...withoutIpChecks } = analysed;
    renderScreen(<ResultView result={withoutIpChecks} mode="home" showDisabled={false} />);
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByRole('link', { name: 'AS64500' })).toHaveAttribute('href', searchHref('asn:64500'));
    expect(summary.getByText('Germany (DE)')).toBeInTheDocument();
  });

  it('says why there are no requests when the page was not rendered', () => {
    const { capture: _none, ...staticOnly } = analysed;
    renderScreen(<PageNetwork result={staticOnly} />);
    expect(screen.getByText(/not loaded in a browser/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('History on the report', () => {
  it('lists past scans of the URL and host with their scores, linking to each', async () => {
    const hit = (uid: string, date: string, score: number, level: string) => ({
      uid,
      url: 'https://shop.example.test/',
      date,
      overall_risk_score: score,
      level,
      host: 'shop.example.test',
      ip: null,
      asn: null,
    });
    const hits = [hit('scan-sample-1', '2026-11-25T10:00:00.000Z', 72, 'Risky'), hit('older', '2026-11-20T09:30:00.000Z', 15, 'Secure')];
    const calls = fakeApi({
      '/api/v1/search/history/scan-sample-1/': ok({
        url: 'https://shop.example.test/',
        host: 'shop.example.test',
        same_url: hits,
        same_host: hits,
      }),
    });
    renderScreen(<ResultView result={analysed} mode="permalink" showDisabled={false} />);
    const history = await screen.findByRole('region', { name: 'History' });
    expect(within(history).getAllByText('this scan')).toHaveLength(2);
    expect(within(history).getAllByText('15 Secure')).toHaveLength(2);
    expect(within(history).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/scan/older');
    expect(calls.some((call) => call.path === '/api/v1/search/history/scan-sample-1/')).toBe(true);
  });
});
