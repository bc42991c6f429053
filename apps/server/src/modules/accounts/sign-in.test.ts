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

  it('backs off one address guessing one account after five failures, even for the right password', async () => {
    const user = await createUser(t.app);
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: 'Wrong!pass1' }, ip)).statusCode).toBe(400);
    }
    const sixth = await login({ email: user.email, password: 'Wrong!pass1' }, ip);
    expect(sixth.statusCode).toBe(400);
    const blocked = await login({ email: user.email, password: user.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many failed sign-in attempts\. Please try again in (29|30) seconds\.$/);
    expect(blocked.headers['retry-after']).toMatch(/^(29|30)$/);

    // The wait doubles with the next failure once the first one has passed.
    await expireBlocks();
    await login({ email: user.email, password: 'Wrong!pass1' }, ip);
    expect((await login({ email: user.email, password: user.password }, ip)).headers['retry-after']).toMatch(/^(59|60)$/);

    // Once it has passed, the right password gets in and clears the pair's and the account's counts.
    await expireBlocks();
    expect((await login({ email: user.email, password: user.password }, ip)).statusCode).toBe(200);
    const counts = await t.testDb.db.selectFrom('sign_in_throttle').select('key').where('scope', 'in', ['account', 'pair']).execute();
    expect(counts.map((row) => row.key).filter((key) => key.endsWith(user.email))).toEqual([]);
  });

  it('does not let one address lock the owner out: the owner signs in from elsewhere', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 8; i++) await login({ email: user.email, password: 'Wrong!pass1' }, '203.0.113.66');
    expect((await login({ email: user.email, password: user.password }, '203.0.113.66')).statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, '192.0.2.44')).statusCode).toBe(200);
  });

  it('does not let strangers lock the owner out: 21 wrong guesses from 5 addresses leave the owner signing in', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 21; i++) await login({ email: user.email, password: 'Wrong!pass1' }, `10.9.${i % 5}.1`);
    expect((await login({ email: user.email, password: user.password }, '10.9.200.1')).statusCode).toBe(200);
  });

  it('still backs off, across the account, addresses that keep guessing when guesses come from many', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 30; i++) await login({ email: user.email, password: 'Wrong!pass1' }, `10.8.${i % 6}.1`);
    // A new address gets its first guess, not a second while the account's back-off runs.
    expect((await login({ email: user.email, password: 'Wrong!pass1' }, '10.8.100.1')).statusCode).toBe(400);
    expect((await login({ email: user.email, password: 'Wrong!pass1' }, '10.8.100.1')).statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, '10.8.101.1')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    const user = await createUser(t.app);
    for (let i = 1; i <= 6; i++) await login({ email: user.email, password: 'Wrong!pass1' }, `2001:db8:42:7::${i.toString(16)}`);
    expect((await login({ email: user.email, password: user.password }, '2001:db8:42:7:ffff::1')).statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, '2001:db8:42:8::1')).statusCode).toBe(200);
  });

  it('counts concurrent attempts: a burst of guesses gets no more tries than one after another', async () => {
    const user = await createUser(t.app);
    const ip = '198.51.100.77';
    const burst = await Promise.all(Array.from({ length: 30 }, () => login({ email: user.email, password: 'Wrong!pass1' }, ip)));
    const statuses = burst.map((response) => response.statusCode);
    // Five free failures and the sixth that starts the block are checked; every other one is refused unchecked.
    expect(statuses.filter((status) => status === 400)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24);
    const pair = await t.testDb.db
      .selectFrom('sign_in_throttle')
      .select('failures')
      .where('key', '=', `${ip} ${user.email}`)
      .executeTakeFirst();
    expect(pair?.failures).toBe(6);
  });

  it('treats an unknown e-mail exactly like a known one', async () => {
    for (let i = 0; i < 6; i++) await login({ email: 'ghost@example.test', password: 'Wrong!pass1' }, '198.51.100.30');
    const response = await login({ email: 'ghost@example.test', password: 'Wrong!pass1' }, '198.51.100.30');
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
