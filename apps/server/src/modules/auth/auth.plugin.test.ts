import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createUser, signInAs } from '../accounts/testing/account-factory.ts';
import { INVALID_CREDENTIALS, NOT_AUTHENTICATED, PERMISSION_DENIED } from './auth.plugin.ts';

const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ JWT_SECRET });
  const app = t.app;
  const present = async (request: { user: unknown }) => ({ user: request.user });
  app.get('/test/account', { preHandler: app.authenticate }, present);
  app.get('/test/optional', { preHandler: app.optionalAuth }, present);
  app.get('/test/scan', { preHandler: app.requireScope('scan', 'free-scan') }, present);
  // The extension point the scan service uses for API keys (which registers `Api-Key` itself).
  app.auth.registerScheme('Test-Key', async (key) =>
    key === 'k-123' ? { id: 0, uid: 'key-owner', email: 'owner@example.test', kind: 'user', scopes: ['scan'], sessionId: null } : null,
  );
});
afterAll(() => t.close());

const get = (url: string, authorization?: string) => t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('auth plugin', () => {
  it('refuses a request without credentials where a user is required, and lets it through where optional', async () => {
    const refused = await get('/test/account');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: NOT_AUTHENTICATED });
    const optional = await get('/test/optional');
    expect(optional.json()).toEqual({ user: null });
  });

  it('sets request.user from a Bearer access token', async () => {
    const user = await createUser(t.app);
    const { token } = await signInAs(t.app, user);
    const response = await get('/test/account', `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      uid: user.uid,
      email: user.email,
      kind: 'user',
      scopes: ['account', 'scan'],
    });
  });

  it('answers 401 for a forged, expired or malformed token, even where auth is optional', async () => {
    const user = await createUser(t.app);
    const { token } = await signInAs(t.app, user);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const expired = await new SignJWT({ kind: 'user', scope: 'account scan' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.uid)
      .setIssuer('riskscan')
      .setAudience('riskscan-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(JWT_SECRET));
    for (const header of [`Bearer ${forged}`, `Bearer ${expired}`, 'Bearer', 'Basic abc', `Token ${token}`]) {
      const response = await get('/test/optional', header);
      expect(response.statusCode, header).toBe(401);
      expect(response.json()).toEqual({ detail: INVALID_CREDENTIALS });
    }
  });

  it('gives the free-scan guest token the free scan and nothing else', async () => {
    const token = await t.app.accounts.mintFreeScanGuestToken('anon-1234567');
    const scan = await get('/test/scan', `Bearer ${token}`);
    expect(scan.statusCode).toBe(200);
    expect(scan.json().user).toMatchObject({ kind: 'free-scan-guest', scopes: ['free-scan'], freeScanUid: 'anon-1234567' });
    const account = await get('/test/account', `Bearer ${token}`);
    expect(account.statusCode).toBe(403);
    expect(account.json()).toEqual({ detail: PERMISSION_DENIED });
  });

  it('accepts schemes other modules register', async () => {
    const ok = await get('/test/scan', 'Test-Key k-123');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.uid).toBe('key-owner');
    expect((await get('/test/scan', 'Test-Key wrong')).statusCode).toBe(401);
    expect((await get('/test/account', 'Test-Key k-123')).statusCode).toBe(403);
  });
});
