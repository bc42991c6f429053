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

describe('sign-in throttling', () => {
  const expireBlocks = () =>
    t.testDb.db
      .updateTable('sign_in_throttle')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .execute();

  it('backs off per account after five failures, whatever the address, even for the right password', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: 'Wrong!pass1' })).statusCode).toBe(400);
    }
    const sixth = await login({ email: user.email, password: 'Wrong!pass1' });
    expect(sixth.statusCode).toBe(400);
    const blocked = await login({ email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many failed sign-in attempts\. Please try again in (29|30) seconds\.$/);
    expect(blocked.headers['retry-after']).toMatch(/^(29|30)$/);

    // The wait doubles with the next failure once the first one has passed.
    await expireBlocks();
    await login({ email: user.email, password: 'Wrong!pass1' });
    expect((await login({ email: user.email, password: user.password })).headers['retry-after']).toMatch(/^(59|60)$/);

    // Once it has passed, the right password gets in and clears the account's count.
    await expireBlocks();
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(200);
    const counts = await t.testDb.db.selectFrom('sign_in_throttle').select('key').where('scope', '=', 'account').execute();
    expect(counts.map((row) => row.key)).not.toContain(user.email);
  });

  it('treats an unknown e-mail exactly like a known one', async () => {
    for (let i = 0; i < 6; i++) await login({ email: 'ghost@example.test', password: 'Wrong!pass1' });
    const response = await login({ email: 'ghost@example.test', password: 'Wrong!pass1' });
    expect(response.statusCode).toBe(429);
  });

  it('backs off per IP address across accounts after twenty failures', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 21; i++) {
      expect((await login({ email: `guess${i}@example.test`, password: 'Wrong!pass1' }, ip)).statusCode).toBe(400);
    }
    const user = await createUser(t.app);
    const blocked = await login({ email: user.email, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, '198.51.100.10')).statusCode).toBe(200);
  });
});
