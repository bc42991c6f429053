import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { SCAN_EXPIRY_KEY } from '../model/scan-storage.ts';
import { renderWithApp, stubServer } from '../testing/render-with-app.tsx';
import { sampleResult } from '@/components/scan-result/testing/sample-result.ts';
import { ScanSection } from './scan-section.tsx';

const health = () => ({ body: { status: 'ok', database: 'up', version: 'test' } });
const scanned =
  (data = sampleResult) =>
  () => ({ body: { status: 'done', data } });

function renderSection() {
  return renderWithApp(<ScanSection intro={<h1>Browsing Risk Test: Is this URL safe to visit?</h1>} />);
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('freescan-uid', 'anon-1234');
  act(() => useSession.getState().signOut());
});

afterEach(() => vi.unstubAllGlobals());

describe('scan form validation (SPEC §5)', () => {
  it('asks for a URL when the box is empty and for a valid one when it is not a URL', async () => {
    const calls = stubServer({ 'POST /api/v1/free-scan/': () => ({ body: { used: false, auth_token: 'free-tok' } }) });
    renderSection();
    const user = userEvent.setup();
    const input = screen.getByPlaceholderText(/^Enter the URL to investigate\. Example: localhost/);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(input).toHaveAccessibleDescription('Oops, please enter the URL.');
    await user.type(input, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(input).toHaveAccessibleDescription('Please enter a valid URL.');
    expect(calls.some((call) => call.path === '/api/v1/check-url/')).toBe(false);
  });

  it("shows SPEC's six toggles in SPEC's order, for members too: visibility beyond Private is the API's", () => {
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    stubServer({});
    renderSection();
    expect(screen.getAllByRole('switch').map((toggle) => toggle.closest('label')?.textContent)).toEqual([
      'Private',
      'All Check',
      'Scan Tech',
      'Website Links',
      'IP Info',
      'DNS Enum',
    ]);
  });

  it('keeps the options for registered users', async () => {
    stubServer({});
    renderSection();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByText('Only available for registered users')).toBeInTheDocument();
    expect(screen.queryByLabelText('Country Selection')).not.toBeInTheDocument();
  });
});

describe('signed-in scan with options (SPEC §2, §4)', () => {
  const profile = {
    uid: 'prof-1',
    name: 'Deep scan',
    is_default: false,
    count_zero_values: true,
    checks: [],
    additional_checks: [
      { code: 'dns_checks', is_active: true },
      { code: 'ip_checks', is_active: true },
      { code: 'webtech_check', is_active: false },
      { code: 'page_checks', is_active: false },
    ],
  };

  it('shows the three selects once their lists load and sends the chosen options with the session token', async () => {
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    const calls = stubServer({
      'GET /api/v1/scan-options/': () => ({
        body: {
          proxies: [{ code: 'ch', name: 'Switzerland', icon: 'ch' }],
          user_agents: [
            {
              device: 'Desktop',
              items: [{ code: 'chrome-win', value: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0', name: 'Chrome on Windows' }],
            },
          ],
        },
      }),
      'GET /api/v1/scan-profiles/': () => ({ body: [profile] }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': scanned(),
    });
    renderSection();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Options' }));
    const country = await screen.findByLabelText('Country Selection');
    expect(within(country).getByRole('option', { name: 'Country the URL will be scanned from' })).toBeInTheDocument();
    await user.selectOptions(country, 'ch');
    const agent = screen.getByLabelText('User Agent');
    expect(within(agent).getByRole('group', { name: 'Desktop' })).toBeInTheDocument();
    await user.selectOptions(agent, 'chrome-win');
    await user.selectOptions(screen.getByLabelText('Scan Profile'), 'prof-1');
    expect(localStorage.getItem('scan-profile-id')).toBe('prof-1');
    expect(screen.getByRole('switch', { name: 'DNS Enum' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'IP Info' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Scan Tech' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Private' }));

    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    const scan = calls.find((c) => c.path === '/api/v1/check-url/');
    expect(scan?.auth).toBe('Bearer user-tok');
    expect(Object.fromEntries(scan?.query ?? [])).toMatchObject({
      proxy: 'ch',
      user_agent: 'chrome-win',
      scan_profile: 'prof-1',
      private: 'true',
      dns_checks: 'true',
      ip_checks: 'true',
      fastCheck: 'false',
    });
    expect(scan?.query.has('visibility')).toBe(false);
    expect(calls.find((c) => c.path === '/api/v1/scan-options/')?.auth).toBe('Bearer user-tok');
    expect(calls.find((c) => c.path === '/api/v1/health-check/')?.auth).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/free-scan/')).toBe(false);
  });

  it('refreshes a stale session once and retries the scan with the new token (SPEC §4 401 handling)', async () => {
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'stale', uid: 'u1', refreshToken: 'ref-1' }));
    const calls = stubServer({
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': (call) =>
        call.auth === 'Bearer fresh' ? scanned()() : { status: 401, body: { detail: 'Given token not valid for any token type' } },
      'POST /api/v1/auth/token': () => ({ body: { loggedIn: true, accessToken: 'fresh', refreshToken: 'ref-2' } }),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/check-url/').map((c) => c.auth)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(calls.find((c) => c.path === '/api/v1/auth/token')?.body).toEqual({ refreshToken: 'ref-1' });
    expect(useSession.getState().user).toMatchObject({ accessToken: 'fresh', refreshToken: 'ref-2' });
  });

  it('drops a remembered profile that is not the member’s (another member’s, or deleted) instead of failing the scan', async () => {
    localStorage.setItem('scan-profile-id', 'someone-elses');
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    const calls = stubServer({
      'GET /api/v1/scan-profiles/': () => ({ body: [profile] }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': (call) =>
        call.query.has('scan_profile') ? { status: 400, body: { detail: 'Scan profile not found.' } } : scanned()(),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/check-url/')?.query.has('scan_profile')).toBe(false);
    expect(localStorage.getItem('scan-profile-id')).toBeNull();
  });

  it('sends a remembered profile of the member’s own', async () => {
    localStorage.setItem('scan-profile-id', 'prof-1');
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    const calls = stubServer({
      'GET /api/v1/scan-profiles/': () => ({ body: [profile] }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': scanned(),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/check-url/')?.query.get('scan_profile')).toBe('prof-1');
    expect(localStorage.getItem('scan-profile-id')).toBe('prof-1');
  });

  it('hides a select whose list did not load', async () => {
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    stubServer({ 'GET /api/v1/scan-profiles/': () => ({ body: [profile] }) });
    renderSection();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByLabelText('Scan Profile')).toBeInTheDocument();
    expect(screen.queryByLabelText('Country Selection')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('User Agent')).not.toBeInTheDocument();
  });
});

describe('guest free scan (SPEC §4, §6)', () => {
  it('checks health, then scans with the anonymous id and free-scan token, and shows the result', async () => {
    const calls = stubServer({
      'POST /api/v1/free-scan/': () => ({ body: { used: false, auth_token: 'free-tok' } }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': scanned(),
    });
    renderSection();
    const user = userEvent.setup();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/free-scan/')).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'shop.example.test');
    await user.click(screen.getByRole('switch', { name: 'Scan Tech' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));

    expect(await screen.findByRole('heading', { name: /^Results:/ })).toHaveTextContent('https://shop.example.test/');
    const paths = calls.map((c) => c.path);
    expect(paths.indexOf('/api/v1/health-check/')).toBeLessThan(paths.indexOf('/api/v1/check-url/'));
    const scan = calls.find((c) => c.path === '/api/v1/check-url/');
    expect(scan?.query.get('url')).toBe('https://shop.example.test');
    expect(scan?.query.get('freescan_uid')).toBe('anon-1234');
    expect(scan?.query.get('webtech_check')).toBe('true');
    expect(scan?.auth).toBe('Bearer free-tok');
    expect(calls.find((c) => c.path === '/api/v1/free-scan/')?.body).toEqual({ uid: 'anon-1234' });
    expect(JSON.parse(localStorage.getItem('check-result') ?? '{}').url).toBe(sampleResult.url);

    await user.click(screen.getByRole('button', { name: 'Scan another website' }));
    expect(screen.getByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(localStorage.getItem('check-result')).toBeNull();
  });

  it('waits for the free-scan answer when the guest submits before it arrived', async () => {
    let answer: () => void = () => undefined;
    const calls = stubServer({
      'POST /api/v1/free-scan/': () =>
        new Promise((resolve) => (answer = () => resolve({ body: { used: false, auth_token: 'late-tok' } }))),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': scanned(),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/health-check/')).toBe(true));
    expect(calls.some((c) => c.path === '/api/v1/check-url/')).toBe(false);
    act(() => answer());
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    const scan = calls.find((c) => c.path === '/api/v1/check-url/');
    expect(scan?.auth).toBe('Bearer late-tok');
    expect(scan?.query.get('freescan_uid')).toBe('anon-1234');
  });

  it('replaces the form by the auth block when the free scan is used up', async () => {
    stubServer({ 'POST /api/v1/free-scan/': () => ({ body: { used: true, auth_token: null } }) });
    renderSection();
    expect(await screen.findByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('link', { name: 'Forgot?' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('scan flow across reloads and errors (SPEC §4)', () => {
  it('keeps the typed URL and says why when the network’s free scans are used up (429)', async () => {
    const capped =
      'Your network has used its 5 free scans for today. The next one is available at 14:32 UTC; sign up for free to keep scanning now.';
    stubServer({
      'POST /api/v1/free-scan/': () => ({ body: { used: false, auth_token: 'free-tok' } }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': () => ({ status: 429, body: { detail: capped } }),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'https://shop.example.test/basket');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'URL to scan' })).toHaveValue('https://shop.example.test/basket');
    // Under the box (and in the toast), not only for the 2.5 seconds a toast lasts.
    expect(screen.getByRole('textbox', { name: 'URL to scan' })).toHaveAccessibleDescription(capped);
  });

  it('resumes a pending scan on load and shows its progress', async () => {
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    localStorage.setItem('isLoading', 'true');
    localStorage.setItem(
      'scan-form',
      JSON.stringify({
        url: 'https://shop.example.test',
        private: true,
        webtech_check: false,
        dns_checks: true,
        ip_checks: false,
        page_checks: false,
      }),
    );
    localStorage.setItem(SCAN_EXPIRY_KEY, String(Date.now() + 60_000));
    let release: () => void = () => undefined;
    const calls = stubServer({
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': () => new Promise((resolve) => (release = () => resolve(scanned()()))),
    });
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('The scan is in progress. It usually takes a few seconds.');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/check-url/')).toBe(true));
    const scan = calls.find((c) => c.path === '/api/v1/check-url/');
    expect(scan?.auth).toBe('Bearer user-tok');
    expect(scan?.query.get('private')).toBe('true');
    act(() => release());
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
  });

  it('shows the stage the server reports while the scan runs, and Cancel ends it and brings the form back (issue 37)', async () => {
    act(() => useSession.getState().signIn({ email: 'ana@example.test', token: 'user-tok', uid: 'u1' }));
    const form = {
      url: 'https://shop.example.test',
      private: false,
      webtech_check: true,
      dns_checks: false,
      ip_checks: false,
      page_checks: false,
    };
    localStorage.setItem('isLoading', 'true');
    localStorage.setItem('scan-form', JSON.stringify(form));
    localStorage.setItem(SCAN_EXPIRY_KEY, String(Date.now() + 60_000));
    const unfinished = [
      { uid: 'other', url: 'https://elsewhere.example.test/', status: 'queued', stage: 'queued', created_at: '2026-11-28T03:00:00Z' },
      { uid: 's1', url: 'https://shop.example.test/', status: 'running', stage: 'rendering', created_at: '2026-11-28T03:00:00Z' },
    ];
    const calls = stubServer({
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': () => new Promise(() => undefined),
      'GET /api/v1/scans/unfinished/': () => ({ body: unfinished }),
      'POST /api/v1/scans/s1/cancel/': () => ({ body: { uid: 's1', status: 'cancelled', stage: null, data: null } }),
    });
    renderSection();
    const stages = screen.getByRole('list', { name: 'Scan stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Queued', 'Fetching the page', 'Rendering it in a browser', 'Judging what was found']);
    await waitFor(() => expect(stages.querySelector('[aria-current="step"]')).toHaveTextContent('Rendering it in a browser'), {
      timeout: 5000,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Now: Rendering it in a browser.');
    expect(within(stages).getByText('Queued')).toHaveTextContent('(done)');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel scan' }));
    expect(await screen.findByRole('textbox', { name: 'URL to scan' })).toHaveValue('https://shop.example.test');
    const cancel = calls.find((call) => call.method === 'POST' && call.path === '/api/v1/scans/s1/cancel/');
    expect(cancel?.auth).toBe('Bearer user-tok');
    expect(localStorage.getItem('isLoading')).toBeNull();
    expect(await screen.findByText('The scan was cancelled.')).toBeInTheDocument();
  });

  it('does not resume when a scan error is stored, and shows a stored result straight away', () => {
    stubServer({});
    localStorage.setItem('isLoading', 'true');
    localStorage.setItem('scan-error', 'true');
    localStorage.setItem('scan-form', JSON.stringify({ url: 'https://a.example' }));
    localStorage.setItem(SCAN_EXPIRY_KEY, String(Date.now() + 60_000));
    const { unmount } = renderSection();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeInTheDocument();
    unmount();

    localStorage.setItem('check-result', JSON.stringify(sampleResult));
    renderSection();
    expect(screen.queryByRole('button', { name: 'Check' })).not.toBeInTheDocument();
  });

  it("shows 'Server Updating now!' and sets the scan-error flag when the health check fails", async () => {
    const calls = stubServer({ 'GET /api/v1/health-check/': () => ({ status: 503, body: { detail: 'down' } }) });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'https://a.example');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('textbox', { name: 'URL to scan' })).toHaveAccessibleDescription('Server Updating now!');
    expect(await screen.findByRole('button', { name: 'Check' })).toBeInTheDocument();
    expect(localStorage.getItem('scan-error')).toBe('true');
    expect(calls.some((c) => c.path === '/api/v1/check-url/')).toBe(false);
  });

  it("offers 'Recent Result' and 'Initiate Scan' for a URL scanned within 24 hours, and rescans with new=true", async () => {
    const calls = stubServer({
      'POST /api/v1/free-scan/': () => ({ body: { used: false, auth_token: 'free-tok' } }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': (call) => scanned({ ...sampleResult, recently_scanned: call.query.get('new') !== 'true' })(),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'https://shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const dialog = await screen.findByRole('dialog', { name: 'This URL has been scanned within the last 24h.' });
    // The dialog asks first: no result (the stored one) is shown under it.
    expect(screen.queryByRole('heading', { name: /^Results:/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Initiate Scan' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/check-url/')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/v1/check-url/')[1]?.query.get('new')).toBe('true');
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Recent Result' keeps the stored report without scanning again", async () => {
    const calls = stubServer({
      'POST /api/v1/free-scan/': () => ({ body: { used: false, auth_token: 'free-tok' } }),
      'GET /api/v1/health-check/': health,
      'GET /api/v1/check-url/': scanned({ ...sampleResult, recently_scanned: true }),
    });
    renderSection();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'URL to scan' }), 'https://shop.example.test');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await user.click(await screen.findByRole('button', { name: 'Recent Result' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /^Results:/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/check-url/')).toHaveLength(1);
  });
});
