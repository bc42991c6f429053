import { FREE_SCAN_GUEST_EMAIL } from '@riskscan/contracts';
import { describe, expect, it } from 'vitest';
import { canOpenProfile, sessionToken } from './session.ts';

describe('the /profile guard', () => {
  it('sends visitors without a stored user or e-mail to sign in', () => {
    expect(canOpenProfile(null)).toBe(false);
    expect(canOpenProfile({ token: 'guest' })).toBe(false);
  });

  it('refuses the shared free-token generator account', () => {
    expect(canOpenProfile({ email: FREE_SCAN_GUEST_EMAIL, token: 'shared', uid: 'guest' })).toBe(false);
    expect(canOpenProfile({ email: 'ana@example.test', token: 'shared', freeScanToken: 'shared' })).toBe(false);
  });

  it('lets a member in, also after a refresh replaced the token', () => {
    expect(canOpenProfile({ email: 'ana@example.test', token: 'own', uid: 'u1' })).toBe(true);
    expect(canOpenProfile({ email: 'ana@example.test', token: 'old', accessToken: 'new', freeScanToken: 'old' })).toBe(true);
    expect(sessionToken({ token: 'old', accessToken: 'new' })).toBe('new');
  });
});
