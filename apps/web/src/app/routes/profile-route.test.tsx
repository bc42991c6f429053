import '@/testing/jsdom-gaps.ts';
import { FREE_SCAN_GUEST_EMAIL } from '@riskscan/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { fail, fakeApi, type FakeRoute, ok } from '@/testing/fake-api.ts';
import { current } from '@/testing/membership-fixtures.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ProfileRoute from '@/app/routes/profile-route.tsx';

const member = { email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' };

function openProfile(section = '') {
  return renderScreen(<ProfileRoute />, {
    path: `/profile${section ? `/${section}` : ''}`,
    pattern: section ? '/profile/:id' : '/profile',
  });
}

const profile = {
  uid: 'p1',
  name: 'Default',
  is_default: true,
  count_zero_values: false,
  checks: [
    {
      category: 'Domain',
      details: [
        { name: 'domain_age', title: 'Domain age', is_active: true },
        { name: 'tld', title: 'Top-level domain', is_active: true },
      ],
    },
  ],
  additional_checks: [
    { code: 'webtech_check', is_active: true },
    { code: 'ip_checks', is_active: false },
    { code: 'dns_checks', is_active: false },
    { code: 'page_checks', is_active: true },
  ],
};

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signOut();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the /profile guard', () => {
  it('sends a visitor without a stored user to /signin', () => {
    openProfile('change_password');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/);
  });

  it('sends the shared free-token account to /signin', () => {
    useSession.getState().signIn({ email: FREE_SCAN_GUEST_EMAIL, token: 'shared', uid: 'guest' });
    openProfile();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/signin$/);
  });

  it('opens the licence overview at /profile for a member', async () => {
    useSession.getState().signIn(member);
    fakeApi({ '/api/v1/memberships/': ok({ current: null }) });
    openProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'License details' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText(/You have no membership yet/)).toBeInTheDocument();
  });
});

describe('change password', () => {
  beforeEach(() => useSession.getState().signIn(member));

  async function submit(oldPassword: string, next: string, again: string) {
    const user = userEvent.setup();
    openProfile('change_password');
    if (oldPassword) await user.type(screen.getByLabelText('Current password'), oldPassword);
    if (next) await user.type(screen.getByLabelText('New password'), next);
    if (again) await user.type(screen.getByLabelText('Confirm new password'), again);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
  }

  it('checks the new password with the sign-up rules before sending', async () => {
    const calls = fakeApi({});
    await submit('', 'weakpass', 'other');
    expect(screen.getByText('Password required')).toBeInTheDocument();
    expect(screen.getByText('Include uppercase letter for your password')).toBeInTheDocument();
    expect(screen.getByText('Not match Passwords')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('changes it, keeps the session on the new tokens and toasts', async () => {
    const calls = fakeApi({
      'PATCH /api/v1/change-password/': ok({ token: 'acc2', refreshToken: 'ref2', email: 'ana@example.test', uid: 'u1' }),
    });
    await submit('Old1!pass', 'N3w!passw', 'N3w!passw');
    expect(await screen.findByText('Update password success!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ old_password: 'Old1!pass', new_password1: 'N3w!passw', new_password2: 'N3w!passw' });
    expect(calls[0]?.auth).toBe('Bearer acc');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ accessToken: 'acc2', refreshToken: 'ref2' });
  });

  it('says Opps! Update password failed. and shows why', async () => {
    fakeApi({ 'PATCH /api/v1/change-password/': fail(400, { old_password: ['Your old password was entered incorrectly.'] }) });
    await submit('Wrong1!pass', 'N3w!passw', 'N3w!passw');
    expect(await screen.findByText('Opps! Update password failed.')).toBeInTheDocument();
    expect(screen.getByText('Your old password was entered incorrectly.')).toBeInTheDocument();
  });
});

describe('change email', () => {
  beforeEach(() => useSession.getState().signIn(member));

  it('asks for confirmation by link and toasts the server’s words', async () => {
    const calls = fakeApi({
      'PATCH /api/v1/change-email/': ok({ detail: 'We have sent a confirmation link to the new address.', new_email: 'new@example.test' }),
      '/api/v1/user-details/': ok({ uid: 'u1', email: 'ana@example.test', name: 'Ana', date_joined: '2026-01-01T00:00:00Z' }),
    });
    const user = userEvent.setup();
    openProfile('change_email');
    expect(screen.getByText('ana@example.test', { selector: 'strong' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email'), 'new@example.test');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('We have sent a confirmation link to the new address.')).toBeInTheDocument();
    expect(screen.getByText(/We sent a confirmation link to/)).toHaveTextContent('We sent a confirmation link to new@example.test');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ new_email: 'new@example.test' });
  });

  it('shows the server’s new_email error', async () => {
    fakeApi({
      'PATCH /api/v1/change-email/': fail(400, { new_email: ['A user with that email already exists.'] }),
      '/api/v1/user-details/': ok({ uid: 'u1', email: 'ana@example.test', name: '', date_joined: '2026-01-01T00:00:00Z' }),
    });
    const user = userEvent.setup();
    openProfile('change_email');
    await user.type(screen.getByLabelText('New email'), 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Update email' }));
    expect((await screen.findAllByText('A user with that email already exists.')).length).toBeGreaterThan(0);
  });

  it('updates the profile name with Email and Name', async () => {
    const calls = fakeApi({
      'POST /api/v1/update/profile': ok({ updateSuccess: true, emailChangePending: false }),
      '/api/v1/user-details/': ok({ uid: 'u1', email: 'ana@example.test', name: 'Ana', date_joined: '2026-01-01T00:00:00Z' }),
    });
    const user = userEvent.setup();
    openProfile('change_email');
    const name = await screen.findByDisplayValue('Ana');
    await user.clear(name);
    await user.type(name, 'Ana Muster');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Update profile success.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ Email: 'ana@example.test', Name: 'Ana Muster' });
  });
});

describe('the e-mail change link', () => {
  it('confirms the token without a session and says Update email success!', async () => {
    const calls = fakeApi({ 'POST /api/v1/change-email/confirm/': ok({ email: 'new@example.test' }) });
    renderScreen(<ProfileRoute />, { path: '/profile/change_email?token=tok1', pattern: '/profile/:id' });
    expect(await screen.findByText('Update email success!')).toBeInTheDocument();
    expect(screen.getByText(/Your account now uses/)).toHaveTextContent('Your account now uses new@example.test.');
    expect(calls[0]?.body).toEqual({ token: 'tok1' });
    expect(calls[0]?.auth).toBeUndefined();
  });

  it('updates the signed-in member’s stored e-mail', async () => {
    useSession.getState().signIn(member);
    const calls = fakeApi({
      'POST /api/v1/change-email/confirm/': ok({ email: 'new@example.test' }),
      '/api/v1/user-details/': ok({ uid: 'u1', email: 'new@example.test', name: '', date_joined: '2026-01-01T00:00:00Z' }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile/change_email?token=tok1', pattern: '/profile/:id' });
    expect(await screen.findByText(/Your account now uses/)).toHaveTextContent('Your account now uses new@example.test.');
    expect(screen.getByText('new@example.test', { selector: '.profile-nav__email' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ email: 'new@example.test', token: 'acc' });
  });

  it('shows why a spent link failed', async () => {
    fakeApi({ 'POST /api/v1/change-email/confirm/': fail(400, { detail: 'This link is invalid or has expired.' }) });
    renderScreen(<ProfileRoute />, { path: '/profile/change_email?token=old', pattern: '/profile/:id' });
    expect((await screen.findAllByText('This link is invalid or has expired.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});

describe('license details', () => {
  beforeEach(() => useSession.getState().signIn(member));

  it('shows the plan, its period and usage bars', async () => {
    fakeApi({
      '/api/v1/memberships/': ok({ current: current('Professional', { scans_used: 900 }) }),
      '/api/v1/api-keys/': ok([]),
      '/api/v1/monitors/quota/': ok({ used: 2, limit: 5, check_interval: 'hourly' }),
    });
    openProfile('license_details');
    expect(await screen.findByText('Professional')).toBeInTheDocument();
    expect(await screen.findByRole('meter', { name: 'Watched domains (checked hourly)' })).toHaveAttribute('aria-valuemax', '5');
    expect(screen.getByText('Active')).toBeInTheDocument();
    const scans = screen.getByRole('meter', { name: 'Scans this period' });
    expect(scans).toHaveAttribute('aria-valuenow', '900');
    expect(scans).toHaveAttribute('aria-valuemax', '1000');
    expect(scans).toHaveClass('usage-bar__track--high');
    expect(screen.getByText(/renews Dec 1, 2026/)).toBeInTheDocument();
    expect(screen.getByText('900 / 1,000')).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Tokens this period' })).toHaveAttribute('aria-valuemax', '1500');
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing');
  });

  it('shows a scheduled downgrade while the current plan runs to the period end', async () => {
    const scheduled_plan = { uid: 'plan-pro', plan_type: 'Professional' as const, price: 20, duration: 'month' as const };
    fakeApi({ '/api/v1/memberships/': ok({ current: current('Business', { scheduled_plan }) }), '/api/v1/api-keys/': ok([]) });
    openProfile('license_details');
    expect(await screen.findByText('Business')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText(/^Scheduled change:/)).toHaveTextContent(
      'Scheduled change: Professional ($20 / month) from Dec 1, 2026. Your Business plan stays until then.',
    );
    expect(screen.queryByText(/renews/)).not.toBeInTheDocument();
  });

  it('cancels a paid subscription after confirmation', async () => {
    const routes: Record<string, FakeRoute | FakeRoute[]> = {
      '/api/v1/memberships/': [ok({ current: current('Business') }), ok({ current: current('Business', { canceled: true }) })],
      '/api/v1/api-keys/': ok([]),
      'POST /payments/cancel-subscription/sub_1': ok({ id: 'sub_1', customer: 'cus_1', plan: { id: 'price_business' } }),
    };
    const calls = fakeApi(routes);
    const user = userEvent.setup();
    openProfile('license_details');
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel subscription' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText(/then your account moves/)).toHaveTextContent(
      'Your Business plan stays until Dec 1, 2026, then your account moves to the Free plan.',
    );
    expect(screen.queryByText(/renews/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/payments/cancel-subscription/sub_1' && c.method === 'POST')).toBe(true);
  });

  it('creates an API key, shows it once with a curl example, lists and revokes keys', async () => {
    const key = { uid: 'k1', name: 'SIEM', prefix: 'rs_ab12', created_at: '2026-11-20T10:00:00Z', last_used_at: null };
    const calls = fakeApi({
      '/api/v1/memberships/': ok({ current: current('Professional') }),
      'GET /api/v1/api-keys/': [ok([]), ok([key]), ok([])],
      'POST /api/v1/api-keys/': ok({ ...key, key: 'rs_ab12_secret' }),
      'DELETE /api/v1/api-keys/k1/': ok(null),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    openProfile('license_details');
    await user.type(await screen.findByLabelText('Key name'), 'SIEM');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('New API key')).toHaveTextContent('rs_ab12_secret');
    expect(screen.getByText(/curl -H "Authorization: Api-Key rs_ab12_secret"/)).toBeInTheDocument();
    expect(await screen.findByText('rs_ab12…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('rs_ab12_secret')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/api-keys/k1/')).toBe(true));
    expect(await screen.findByText('No keys yet.')).toBeInTheDocument();
  });

  it('offers no keys on the Free plan', async () => {
    const calls = fakeApi({ '/api/v1/memberships/': ok({ current: current('Free') }) });
    openProfile('license_details');
    expect(await screen.findByText(/API access comes with the paid plans/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/api-keys/')).toBe(false);
  });
});

describe('scan history', () => {
  beforeEach(() => useSession.getState().signIn(member));

  const row = (i: number) => ({
    uid: `s${i}`,
    url: `https://site-${i}.example/`,
    date: '2026-11-20T10:00:00Z',
    overall_risk_score: i * 9,
    visibility: i === 1 ? 'unlisted' : 'public',
  });

  it('pages the history with the user and a 1-based page, and opens a result', async () => {
    const calls = fakeApi({
      '/api/v1/scan-history/': (call) => {
        const page = Number(new URLSearchParams(call.search).get('page'));
        const results = page === 1 ? Array.from({ length: 10 }, (_, i) => row(i)) : [row(10)];
        return { status: 200, body: { count: 11, next: null, previous: null, results } };
      },
      '/api/v1/scan-history/s10/': ok({
        ...row(10),
        data: {
          url: 'https://site-10.example/',
          geo_location: { country_name: 'Switzerland', country_flag: 'ch' },
          screenshot_link: null,
          overall_risk: 90,
          risk_score_text: { name: 'Danger' },
          classification: [{ name: 'Phishing', description: 'Imitates a login page' }],
          ai_analysis: null,
          checks: [{ category: 'Content', risk_score: 90, details: [] }],
          recently_scanned: false,
        },
      }),
    });
    const user = userEvent.setup();
    openProfile('scan_history');
    expect(await screen.findByText('https://site-0.example/')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    // Unlisted scans are in the history too, and say so.
    expect(screen.getByRole('row', { name: /site-1\.example/ })).toHaveTextContent('Unlisted (link only)');
    expect(new URLSearchParams(calls[0]?.search).get('user')).toBe('u1');
    expect(new URLSearchParams(calls[0]?.search).get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('https://site-10.example/', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('Danger', { selector: '.risk-badge span' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View result for https://site-10.example/' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan result' });
    // The result view is a lazy chunk: its first import compiles, which takes seconds on a loaded machine.
    expect(await within(dialog).findByText('Phishing', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(within(dialog).getByText(/Switzerland/)).toBeInTheDocument();
    // The scan feature's own result view, in profile mode: gauge and paged categories included.
    expect(await within(dialog).findByRole('img', { name: 'Risk gauge at 90 of 100' })).toBeInTheDocument();
  });
});

describe('current template', () => {
  beforeEach(() => useSession.getState().signIn(member));

  it('edits the default profile’s checks and additional checks and saves it', async () => {
    const calls = fakeApi({
      'GET /api/v1/scan-profiles/': ok([profile, { ...profile, uid: 'p2', name: 'Fast', is_default: false }]),
      'PATCH /api/v1/scan-profiles/p1/': (call) => ({ status: 200, body: { uid: 'p1', ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    openProfile('currenttemplate');
    expect(await screen.findByRole('tab', { name: /Default/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Top-level domain' }));
    await user.click(screen.getByRole('switch', { name: 'DNS Enum' }));
    await user.click(screen.getByRole('switch', { name: /Count zero values/ }));
    expect(screen.getByText('1 of 2 on')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Scan profile saved')).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'PATCH')?.body as typeof profile;
    expect(saved).not.toHaveProperty('uid');
    expect(saved.count_zero_values).toBe(true);
    expect(saved.checks[0]?.details.map((d) => d.is_active)).toEqual([true, false]);
    expect(saved.additional_checks.find((a) => a.code === 'dns_checks')?.is_active).toBe(true);
  });

  it('saves a new profile under the name typed for it, or the current name with " copy"', async () => {
    const calls = fakeApi({
      'GET /api/v1/scan-profiles/': ok([profile]),
      'POST /api/v1/scan-profiles/': (call) => ({ status: 201, body: { ...(call.body as object), uid: `p${calls.length}` } }),
    });
    const user = userEvent.setup();
    openProfile('currenttemplate');
    await user.click(await screen.findByRole('button', { name: 'Save as new profile' }));
    await screen.findByText('Scan profile created');
    const name = screen.getByLabelText('Profile name');
    await user.clear(name);
    await user.type(name, 'Quick scan');
    await user.click(screen.getByRole('button', { name: 'Save as new profile' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const names = calls.filter((c) => c.method === 'POST').map((c) => (c.body as { name: string }).name);
    expect(names).toEqual([`${profile.name} copy`, 'Quick scan']);
  });
});

describe('log out', () => {
  it('ends the session on the server and here, toasts and goes home', async () => {
    useSession.getState().signIn(member);
    localStorage.setItem(STORAGE_KEYS.checkResult, '{}');
    const calls = fakeApi({ '/api/v1/memberships/': ok({ current: null }), 'POST /api/v1/logout/': ok({}) });
    const user = userEvent.setup();
    openProfile();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('You have logged out')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/logout/')?.body).toEqual({ refreshToken: 'ref' });
    expect(useSession.getState().loggedIn).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.checkResult)).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
