import { LOGIN_MESSAGES } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { SIGN_IN_MESSAGES } from './sign-in.service.ts';
import { createUser } from './testing/account-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let client = 0;
const login = (payload: Record<string, unknown>, remoteAddress = `10.1.0.${++client % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login/', payload, remoteAddress });

describe('POST /api/v1/login/', () => {
  it('returns token, email, uid and a refresh token for the right password', async () => {
    const user = await createUser(t.app);
    const response = await login({ email: `  ${user.email.toUpperCase()} `, password: user.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ token: expect.any(String), refreshToken: expect.any(String), email: user.email, uid: user.uid });
    const stored = await t.testDb.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(response.json().refreshToken);
  });

  it('answers a wrong password and an unknown e-mail alike, as detail', async () => {
    const user = await createUser(t.app);
    const wrong = await login({ email: user.email, password: 'Wrong!pass1' });
    const unknown = await login({ email: 'nobody@example.test', password: 'Wrong!pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: SIGN_IN_MESSAGES.invalid });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('requires activation before sign-in', async () => {
    const user = await createUser(t.app, { active: false });
    const response = await login({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: SIGN_IN_MESSAGES.notActivated });
  });

  it('never signs in as the free-scan guest account', async () => {
    const response = await login({ email: 'free-scan@guest.riskscan.invalid', password: 'anything' });
    expect(response.json()).toEqual({ detail: SIGN_IN_MESSAGES.invalid });
  });

  it.each([
    [{}, LOGIN_MESSAGES.incomplete],
    [{ email: 'a@b.co' }, LOGIN_MESSAGES.incomplete],
    [{ email: '', password: 'x' }, LOGIN_MESSAGES.incomplete],
    [{ email: 'not-an-email', password: 'x' }, LOGIN_MESSAGES.invalidEmail],
  ])('validates %j with the spec wording', async (payload, detail) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });
});
