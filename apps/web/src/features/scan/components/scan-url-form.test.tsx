import '@/testing/jsdom-gaps.ts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { fakeApi, heldAnswer, ok } from '@/testing/fake-api.ts';
import type { ScanForm } from '../model/scan-form.ts';
import { renderScreen } from '@/testing/render-screen.tsx';
import { ScanUrlForm } from './scan-url-form.tsx';

const defaultProfile = {
  uid: 'p-default',
  name: 'Default',
  is_default: true,
  count_zero_values: false,
  checks: [],
  additional_checks: [
    { code: 'dns_checks', is_active: true },
    { code: 'ip_checks', is_active: true },
    { code: 'webtech_check', is_active: false },
    { code: 'page_checks', is_active: true },
  ],
};

beforeEach(() => {
  localStorage.clear();
  useSession.getState().signIn({ email: 'ana@example.test', token: 't', uid: 'u1' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the home form of a member (issue 37)', () => {
  it('starts with the toggles of the profile a scan will use, so they show what a home scan runs', async () => {
    fakeApi({ '/api/v1/scan-profiles/': ok([defaultProfile]) });
    renderScreen(<ScanUrlForm loggedIn onScan={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'DNS Enum' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'IP Info' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Website Links' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Scan Tech' })).not.toBeChecked();
  });

  it('never overwrites a choice the member made before the list arrived', async () => {
    const held = heldAnswer({ status: 200, body: [defaultProfile] });
    fakeApi({ '/api/v1/scan-profiles/': held.route });
    renderScreen(<ScanUrlForm loggedIn onScan={() => undefined} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Scan Tech' }));
    held.release();
    // The Options panel lists the profiles once they arrived.
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    await screen.findByLabelText('Scan Profile');
    expect(screen.getByRole('switch', { name: 'Scan Tech' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'DNS Enum' })).not.toBeChecked();
  });

  it('sends the profile’s checks even when Check is pressed before the list arrived', async () => {
    const held = heldAnswer({ status: 200, body: [defaultProfile] });
    fakeApi({ '/api/v1/scan-profiles/': held.route });
    const sent: ScanForm[] = [];
    renderScreen(<ScanUrlForm loggedIn onScan={(form) => sent.push(form)} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'URL to scan' }), { target: { value: 'https://shop.example.test/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    held.release();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      scan_profile: 'p-default',
      dns_checks: true,
      ip_checks: true,
      page_checks: true,
      webtech_check: false,
    });
  });

  it('forgets a remembered profile that is not the member’s and scans with their default', async () => {
    localStorage.setItem('scan-profile-id', 'p-of-someone-else');
    fakeApi({ '/api/v1/scan-profiles/': ok([defaultProfile]) });
    const sent: ScanForm[] = [];
    renderScreen(<ScanUrlForm loggedIn onScan={(form) => sent.push(form)} />);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'DNS Enum' })).toBeChecked());
    fireEvent.change(screen.getByRole('textbox', { name: 'URL to scan' }), { target: { value: 'https://shop.example.test/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.scan_profile).toBe('p-default');
    expect(localStorage.getItem('scan-profile-id')).toBeNull();
  });
});
