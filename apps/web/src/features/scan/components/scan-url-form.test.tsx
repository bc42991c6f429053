import '@/testing/jsdom-gaps.ts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session.ts';
import { fakeApi, ok } from '@/testing/fake-api.ts';
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
});
