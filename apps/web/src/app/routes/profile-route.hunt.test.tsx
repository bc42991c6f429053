import '@/testing/jsdom-gaps.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ProfileRoute from '@/app/routes/profile-route.tsx';

const member = { email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' };
const visit = (host: string, score: number, level: string, sources: string[]) => ({
  time: '2026-11-27T10:00:00Z',
  client: '10.0.0.7',
  method: 'GET',
  url: `http://${host}/login`,
  host,
  risk_score: score,
  risk_level: level,
  reasons: [{ code: 'x', message: `${host} imitates a bank`, risk_score: score }],
  sources,
});
const summary = {
  format: 'squid',
  lines: 120,
  unparsed: 2,
  skipped: { blank: 0, header: 0, unreadable: 2, no_host: 0 },
  visits: 118,
  hosts: 40,
  flagged_visits: 2,
  flagged_hosts: ['paypa1-verify.example', 'watched-lookalike.example'],
};
const ndjson = [
  visit('paypa1-verify.example', 92, 'Danger', ['url-verdict', 'reputation']),
  visit('watched-lookalike.example', 65, 'Risky', ['monitoring']),
  { summary },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

/** What the browser was handed to save. */
function recordDownloads(): { name: string; blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  let pending: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => ((pending = blob as Blob), 'blob:x'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: pending! });
  });
  return saved;
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signIn(member);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Profile › Log hunt', () => {
  it('uploads the log raw with its format, lists the flagged visits, filters them and exports what is shown', async () => {
    if (!URL.createObjectURL) URL.createObjectURL = () => '';
    if (!URL.revokeObjectURL) URL.revokeObjectURL = () => undefined;
    const calls = fakeApi({ 'POST /api/v1/triage/log/': ok(ndjson) });
    renderScreen(<ProfileRoute />, { path: '/profile/log_hunt', pattern: '/profile/:id' });
    const user = userEvent.setup();
    const log = new File(
      ['1700000000.000 5 10.0.0.7 TCP_MISS/200 512 GET http://paypa1-verify.example/login - HIER_DIRECT/1.2.3.4 text/html\n'],
      'access.log',
      {
        type: 'text/plain',
      },
    );
    await user.upload(await screen.findByLabelText('Proxy log'), log);
    await user.selectOptions(screen.getByLabelText('Format'), 'squid');
    await user.click(screen.getByRole('button', { name: 'Start the hunt' }));

    const table = await screen.findByRole('table', { name: 'Flagged visits' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/v1/triage/log/', search: '?format=squid', auth: 'Bearer acc' });
    expect(screen.getByText('118 to 40 hosts')).toBeInTheDocument();
    expect(within(table).getByText('URL verdict, Reputation feed')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Verdict'), '80');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 of 2 flagged visits')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Verdict'), '0');
    await user.selectOptions(screen.getByLabelText('Found by'), 'monitoring');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('watched-lookalike.example')).toBeInTheDocument();

    const saved = recordDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved[0]?.name).toBe('riskscan-hunt.csv');
    const csv = await saved[0]!.blob.text();
    expect(csv).toContain('watched-lookalike.example');
    expect(csv).not.toContain('paypa1-verify.example');
  });

  it('says so when nothing in the log was flagged', async () => {
    fakeApi({ 'POST /api/v1/triage/log/': ok(JSON.stringify({ summary: { ...summary, flagged_visits: 0, flagged_hosts: [] } })) });
    renderScreen(<ProfileRoute />, { path: '/profile/log_hunt', pattern: '/profile/:id' });
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Proxy log'), new File(['x'], 'quiet.log', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Start the hunt' }));
    expect(await screen.findByText(/Nothing found: no visit in this log went to a page riskscan flags/)).toBeInTheDocument();
  });
});

describe('Profile › Threat feeds', () => {
  it('shows the TAXII and MISP addresses on the API host, the key header and how much is published', async () => {
    fakeApi({ 'GET /api/v1/misp/feed/manifest.json': ok({}) });
    renderScreen(<ProfileRoute />, { path: '/profile/feeds', pattern: '/profile/:id' });
    expect(await screen.findByText(`${window.location.origin}/taxii2/`)).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/api/v1/misp/feed/`)).toBeInTheDocument();
    expect(screen.getByText('Authorization: Api-Key <key>')).toBeInTheDocument();
    expect(await screen.findByText(/Nothing is published yet/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Threat feeds' });
    expect(within(section).getByRole('link', { name: 'License details' })).toHaveAttribute('href', '/profile/license_details');
  });
});
