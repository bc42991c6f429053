import { CONFIRM_PASSWORD_MESSAGES, PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { PASSWORD_CHANGE_MESSAGES } from './password.service.ts';
import { createUser, signedInUser, signInAs } from './testing/account-factory.ts';

const PUBLIC_URL = 'https://riskscan.example';
const NEW_PASSWORD = 'N3w!Passw0rd';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

let client = 0;
const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: `10.2.${Math.floor(++client / 250)}.${client % 250}` });
const login = (email: string, password: string) => post('/login/', { email, password });

/** Asks for a reset and follows the link in the mail to its token. */
async function resetTokenFor(email: string): Promise<string> {
  expect((await post('/password-reset/', { email })).json()).toEqual({ status: 'OK' });
  const mail = await inbox.take(email);
  expect(mail.subject).toBe('Reset your riskscan password');
  expect(mail.text).toContain('Reset password links are valid for 10 minutes for security purposes.');
  const link = linkIn(mail.text, `${PUBLIC_URL}/password-reset/token/`);
  expect(mail.html).toContain(link);
  return decodeURIComponent(link.slice(`${PUBLIC_URL}/password-reset/token/`.length));
}

describe('password reset', () => {
  it('mails a link whose token sets a new password once and signs every session out', async () => {
    const user = await signedInUser(t.app);
    const token = await resetTokenFor(user.email);

    const confirm = await post('/password-reset/confirm/', { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD, token });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: 'OK' });
    expect((await login(user.email, user.password)).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await post('/auth/token', { refreshToken: user.refreshToken })).json()).toEqual({ loggedIn: false });

    const reused = await post('/password-reset/confirm/', { password: 'An0ther!pass', password_confirm: 'An0ther!pass', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: 'The reset link is invalid or has expired.' });
  });

  it('refuses a link older than 10 minutes', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.email);
    await t.testDb.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'password-reset')
      .execute();
    const response = await post('/password-reset/confirm/', { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD, token });
    expect(response.statusCode).toBe(400);
  });

  it('expires links 10 minutes after they are sent', async () => {
    const user = await createUser(t.app);
    await resetTokenFor(user.email);
    const row = await t.testDb.db
      .selectFrom('account_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(9.9 * 60_000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThan(10.1 * 60_000);
  });

  it('makes an earlier link useless once a new one is sent', async () => {
    const user = await createUser(t.app);
    const first = await resetTokenFor(user.email);
    await resetTokenFor(user.email);
    const response = await post('/password-reset/confirm/', { password: NEW_PASSWORD, password_confirm: NEW_PASSWORD, token: first });
    expect(response.statusCode).toBe(400);
  });

  it('answers an unknown address like a known one without sending mail, and an invalid one as email', async () => {
    const before = inbox.messages.length;
    expect((await post('/password-reset/', { email: 'nobody@example.test' })).json()).toEqual({ status: 'OK' });
    const invalid = await post('/password-reset/', { email: 'nobody' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().email[0]).toBe('Valid email required');
    await t.app.accounts.context.background.idle();
    expect(inbox.messages.length).toBe(before);
  });

  it('sends at most five reset mails per account and hour', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 7; i++) expect((await post('/password-reset/', { email: user.email })).statusCode).toBe(200);
    await t.app.accounts.context.background.idle();
    expect(inbox.messages.filter((m) => m.to.includes(user.email))).toHaveLength(5);
  });

  it.each([
    [{ password: NEW_PASSWORD, password_confirm: NEW_PASSWORD }, { detail: PASSWORD_RESET_MESSAGES.incomplete }],
    [{ password: NEW_PASSWORD, token: 'x' }, { detail: PASSWORD_RESET_MESSAGES.incomplete }],
    [{ password: NEW_PASSWORD, password_confirm: 'Other!pass1', token: 'x' }, { detail: PASSWORD_RESET_MESSAGES.mismatch }],
    [{ password: 'short', password_confirm: 'short', token: 'x' }, { password: [PASSWORD_MESSAGES.tooShort] }],
  ])('validates %j', async (payload, body) => {
    const response = await post('/password-reset/confirm/', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(body);
  });
});

describe('PATCH /api/v1/change-password/', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/change-password/', payload, headers: { authorization: `Bearer ${token}` } });

  it('returns a new token and signs every other session out', async () => {
    const user = await signedInUser(t.app);
    const elsewhere = await signInAs(t.app, user);
    const response = await change(user.token, { old_password: user.password, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    const renewed = response.json();
    expect(renewed).toEqual({ token: expect.any(String), refreshToken: expect.any(String), email: user.email, uid: user.uid });

    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/user-details/', headers: { authorization: `Bearer ${token}` } });
    expect((await me(renewed.token)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await post('/auth/token', { refreshToken: elsewhere.refreshToken })).json()).toEqual({ loggedIn: false });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [
      { old_password: 'Wrong!pass1', new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
      'old_password',
      PASSWORD_CHANGE_MESSAGES.oldPasswordWrong,
    ],
    [{ new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD }, 'old_password', PASSWORD_MESSAGES.required],
    [{ old_password: 'x', new_password1: 'abcdefg1!', new_password2: 'abcdefg1!' }, 'new_password1', PASSWORD_MESSAGES.uppercase],
    [{ old_password: 'x', new_password1: NEW_PASSWORD, new_password2: 'Other!pass1' }, 'new_password2', CONFIRM_PASSWORD_MESSAGES.mismatch],
  ])('rejects %j on %s', async (payload: Record<string, string>, field, message) => {
    const { token, ...user } = await signedInUser(t.app);
    // 'x' stands for the user's real password, which only exists once the user does.
    const body = { ...payload, ...(payload.old_password === 'x' ? { old_password: user.password } : {}) };
    const response = await change(token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field][0]).toBe(message);
  });

  it('needs a signed-in user', async () => {
    const guest = await t.app.accounts.mintFreeScanGuestToken('anon-00000001');
    const body = { old_password: 'x', new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    expect((await change(guest, body)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/change-password/', payload: body })).statusCode).toBe(401);
  });
});
