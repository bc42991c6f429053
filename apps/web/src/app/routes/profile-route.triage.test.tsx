import '@/testing/jsdom-gaps.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { fail, fakeApi, ok } from '@/testing/fake-api.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import ProfileRoute from '@/app/routes/profile-route.tsx';
import { linkRows } from '@/features/triage/link-rows.ts';
import { triageCsv } from '@/features/triage/triage-export.ts';

const member = { email: 'ana@example.test', token: 'acc', uid: 'u1', refreshToken: 'ref' };
const verdict = (score: number, level: string, message: string) => ({
  risk_score: score,
  risk_level: level,
  classification: score >= 60 ? ['Phishing'] : [],
  reasons: [{ code: 'x', message, risk_score: score }],
});
const answer = {
  message: {
    from: 'Bank <x@evil.example>',
    reply_to: null,
    return_path: null,
    subject: '<img src=x onerror=alert(1)>Locked',
    date: null,
    authentication: { spf: 'fail', dkim: null, dmarc: 'fail' },
  },
  urls: [
    {
      url: 'https://evil.example/login',
      message: 0,
      source: 'html',
      display_text: 'www.bank.example',
      mismatch: true,
      verdict: verdict(90, 'Danger', 'The link shows www.bank.example but opens evil.example.'),
    },
    {
      url: 'https://evil.example/login',
      message: 0,
      source: 'text',
      display_text: null,
      mismatch: false,
      verdict: verdict(90, 'Danger', 'The link shows www.bank.example but opens evil.example.'),
    },
    {
      url: 'https://qr.example/x',
      message: 0,
      source: 'qr',
      display_text: null,
      mismatch: false,
      verdict: verdict(70, 'Risky', 'Hidden in a QR code.'),
    },
  ],
  forwarded: [
    {
      index: 1,
      depth: 1,
      parent: 0,
      kind: 'attached',
      from: 'Bank <x@evil.example>',
      reply_to: null,
      return_path: null,
      subject: 'Locked',
      date: null,
      authentication: { spf: 'fail', dkim: null, dmarc: 'fail' },
      risk_score: 95,
      risk_level: 'Danger',
      reasons: [],
    },
  ],
  limits: [{ name: 'depth', limit: 5, message: 'Messages nested more than 5 levels deep were not read (depth limit 5).' }],
  attachments: [
    { message: 0, filename: 'statement.html', content_type: 'text/html', size: 2048, sha256: 'a'.repeat(64), risky_type: 'html-form' },
  ],
  risk_score: 95,
  risk_level: 'Danger',
  reasons: [{ code: 'dmarc_fail', message: 'DMARC fail.', risk_score: 45 }],
};

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signIn(member);
});
afterEach(() => vi.unstubAllGlobals());

describe('Profile › E-mail triage', () => {
  it('lists a link found in the text and the HTML part once, with both places and the misleading text', () => {
    const rows = linkRows(answer.urls as Parameters<typeof linkRows>[0]);
    expect(rows.map((row) => [row.link.url, row.sources, row.link.mismatch])).toEqual([
      ['https://evil.example/login', ['html', 'text'], true],
      ['https://qr.example/x', ['qr'], false],
    ]);
  });

  it('shows where a short link leads, or why that is unknown, under the short link', async () => {
    const short = {
      message: 0,
      source: 'text',
      display_text: null,
      mismatch: false,
    } as const;
    fakeApi({
      'POST /api/v1/triage/email/': ok({
        ...answer,
        urls: [
          {
            ...short,
            url: 'https://bit.ly/pay',
            expansion: { final_url: 'https://evil.example/login', hops: 2, error: null },
            verdict: verdict(90, 'Danger', 'Phishing.'),
          },
          {
            ...short,
            url: 'https://bit.ly/office',
            expansion: { final_url: null, hops: 1, error: 'intranet.example: Refused: intranet.example is not public' },
            verdict: verdict(40, 'Normal', 'The address is a link shortener: where it leads is unknown until it is expanded.'),
          },
        ],
      }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile/triage', pattern: '/profile/:id' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Or paste the headers and body'), 'Subject: hi{Enter}{Enter}body');
    await user.click(screen.getByRole('button', { name: 'Check message' }));

    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('https://bit.ly/payLeads to https://evil.example/login');
    expect(rows[2]).toHaveTextContent('Where it leads is unknown: intranet.example: Refused: intranet.example is not public');
  });

  it('sends a pasted message raw and shows links, sources, mismatches and verdicts as text', async () => {
    const calls = fakeApi({ 'POST /api/v1/triage/email/': ok(answer) });
    renderScreen(<ProfileRoute />, { path: '/profile/triage', pattern: '/profile/:id' });
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText('Or paste the headers and body'),
      'From: x@evil.example{Enter}Subject: hi{Enter}{Enter}body',
    );
    await user.click(screen.getByRole('button', { name: 'Check message' }));

    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('https://evil.example/login');
    expect(rows[1]).toHaveTextContent('HTML link');
    expect(rows[1]).toHaveTextContent('Shows another address');
    expect(rows[1]).toHaveTextContent('90 Danger');
    expect(rows[2]).toHaveTextContent('QR code');
    expect(calls[0]).toMatchObject({ auth: 'Bearer acc', body: 'From: x@evil.example\nSubject: hi\n\nbody' });
    // The subject is shown as the text it is, never as markup.
    expect(screen.getByText('<img src=x onerror=alert(1)>Locked')).toBeInTheDocument();
    expect(document.querySelector('.triage-report img')).toBeNull();
    expect(screen.getByText(/statement\.html/)).toHaveTextContent('risky: html-form');
    expect(screen.getByText(/Forwarded message from Bank/)).toHaveTextContent('Locked · SPF fail, DMARC fail');
    expect(screen.getByText(/depth limit 5/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('shows the server refusal of a file that is no message', async () => {
    fakeApi({
      'POST /api/v1/triage/email/': fail(400, {
        detail: 'This is a binary file, not an e-mail message: upload the raw message (.eml) or the Outlook file (.msg).',
      }),
    });
    renderScreen(<ProfileRoute />, { path: '/profile/triage', pattern: '/profile/:id' });
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Drop an .eml or .msg file here or choose one'),
      new File([new Uint8Array([0, 1, 2])], 'junk.eml'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This is a binary file');
  });

  it('exports one CSV row per link', () => {
    const csv = triageCsv(answer as never);
    expect(csv.split('\r\n')[0]).toBe('URL,Source,Shown text,Mismatch,Score,Level,Classification,Top reason');
    expect(csv).toContain(
      'https://evil.example/login,html,www.bank.example,yes,90,Danger,Phishing,The link shows www.bank.example but opens evil.example.',
    );
  });
});
