import {
  ACCOUNT_ALREADY_ACTIVE,
  ACTIVATION_RESENT,
  CONFIRM_PASSWORD_MESSAGES,
  EMAIL_MESSAGES,
  PASSWORD_MESSAGES,
} from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { GOOD_PASSWORD, uniqueEmail } from './testing/account-factory.ts';
import type { CreatedUser } from './user-created-hooks.ts';

const PUBLIC_URL = 'https://riskscan.example';

let t: TestApp;
let inbox: SmtpInbox;
const created: CreatedUser[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL });
  // What payments does: set something up for each new account inside the sign-up transaction.
  t.app.accounts.onUserCreated(async (user, trx) => {
    if (user.email.startsWith('hookfail')) throw new Error('plan setup failed');
    const row = await trx.selectFrom('users').select('uid').where('id', '=', user.id).executeTakeFirstOrThrow();
    created.push({ ...user, uid: row.uid });
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** Each sign-up from its own address, so the per-IP limit of the route stays out of the way. */
let client = 0;
const register = (payload: Record<string, unknown>, remoteAddress = `10.0.${Math.floor(++client / 250)}.${client % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/v1/register/', payload, remoteAddress });

/** The activation link's uid and token, read from the mail the SMTP server received. */
async function activationFromMail(email: string) {
  const mail = await inbox.take(email);
  const link = linkIn(mail.text, `${PUBLIC_URL}/activate-account/`);
  expect(mail.html).toContain(link);
  const [uid, token] = new URL(link).pathname.split('/').slice(2);
  return { uid: uid!, token: token!, mail };
}

describe('POST /api/v1/register/', () => {
  it('creates an inactive account and mails an activation link that signs the user in once', async () => {
    const email = uniqueEmail('ana');
    const response = await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    expect(response.statusCode).toBe(201);
    const { uid } = response.json<{ uid: string }>();

    const login = await t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password: GOOD_PASSWORD } });
    expect(login.statusCode).toBe(400);
    expect(login.json().detail).toMatch(/not activated/);

    const link = await activationFromMail(email);
    expect(link.uid).toBe(uid);
    expect(link.mail.subject).toBe('Activate your riskscan account');

    const activated = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${link.uid}/${link.token}/` });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ email, uid, token: expect.any(String), refreshToken: expect.any(String) });

    // Opened again: the account is active, and the answer says so rather than "invalid".
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${link.uid}/${link.token}/` });
    expect([again.statusCode, again.json()]).toEqual([409, { detail: ACCOUNT_ALREADY_ACTIVE }]);
    const forged = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${crypto.randomUUID()}/${link.token}/` });
    expect([forged.statusCode, forged.json()]).toEqual([400, { detail: 'The activation link is invalid or has expired.' }]);

    const signedIn = await t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password: GOOD_PASSWORD } });
    expect(signedIn.statusCode).toBe(200);
  });

  it('mails a new activation link on request, only to an account still waiting for one, with the same answer for any address', async () => {
    const email = uniqueEmail('resend');
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    await inbox.take(email);
    const resend = (address: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/register/resend-activation/', payload: { email: address }, remoteAddress: '10.9.9.9' });
    const asked = await resend(email);
    expect([asked.statusCode, asked.json()]).toEqual([200, { detail: ACTIVATION_RESENT }]);
    const link = await activationFromMail(email);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${link.uid}/${link.token}/` })).statusCode).toBe(200);
    // Active now, or never registered: the same answer.
    for (const address of [email, uniqueEmail('nobody')]) expect((await resend(address)).json()).toEqual({ detail: ACTIVATION_RESENT });
  });

  it('runs the user-created hooks inside the sign-up, and a failing hook undoes it', async () => {
    const email = uniqueEmail('hooked');
    const response = await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    expect(created.find((user) => user.email === email)).toMatchObject({ uid: response.json().uid });
    await inbox.take(email);

    const failing = uniqueEmail('hookfail');
    expect((await register({ email: failing, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD })).statusCode).toBe(500);
    const ask = await t.app.inject({ method: 'POST', url: '/api/v1/register/checkEmail', payload: { email: failing } });
    expect(ask.json()).toEqual({ isEmailTaken: false });
  });

  it('refuses an expired activation link', async () => {
    const email = uniqueEmail('late');
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    const { uid, token } = await activationFromMail(email);
    await t.testDb.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'activation')
      .execute();
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${uid}/${token}/` });
    expect(response.statusCode).toBe(400);
  });

  it("refuses a token used with another account's uid", async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await register({ email: first, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    await register({ email: second, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    const a = await activationFromMail(first);
    const b = await activationFromMail(second);
    const response = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${b.uid}/${a.token}/` });
    expect(response.statusCode).toBe(400);
    const malformed = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/not-a-uid/${b.token}/` });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers a taken e-mail as email[0], case-insensitively', async () => {
    const email = uniqueEmail('taken');
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    const { uid, token } = await activationFromMail(email);
    await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${uid}/${token}/` });
    const response = await register({ email: email.toUpperCase(), password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().email[0]).toBe(EMAIL_MESSAGES.taken);
  });

  it('sends another link when a pending account signs up again; the newest sign-up alone can activate', async () => {
    const email = uniqueEmail('retry');
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    const old = await activationFromMail(email);
    const retry = await register({ email, password1: 'N3w!password', password2: 'N3w!password' });
    expect(retry.statusCode).toBe(201);
    const fresh = await activationFromMail(email);
    // The newer sign-up retired the older link: it cannot activate with the earlier password.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${old.uid}/${old.token}/` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${fresh.uid}/${fresh.token}/` })).statusCode).toBe(200);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password } });
    expect((await login('N3w!password')).statusCode).toBe(200);
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(400);
  });

  it("cannot be taken over before activation: the attacker's earlier sign-up link no longer activates", async () => {
    const email = uniqueEmail('victim');
    await register({ email, password1: 'Attack3r!pw', password2: 'Attack3r!pw' });
    const attackers = await activationFromMail(email);
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    const victims = await activationFromMail(email);
    // The victim clicks the older of two identical mails: it must not activate the attacker's password.
    const older = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${attackers.uid}/${attackers.token}/` });
    expect(older.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${victims.uid}/${victims.token}/` })).statusCode).toBe(200);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password } });
    expect((await login('Attack3r!pw')).statusCode).toBe(400);
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it("lets no resent link carry an earlier sign-up's password", async () => {
    const email = uniqueEmail('resent');
    await register({ email, password1: 'Attack3r!pw', password2: 'Attack3r!pw' });
    await activationFromMail(email);
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    await activationFromMail(email);
    // The stranger asks for the link again: it must carry the newest sign-up's password.
    await t.app.inject({ method: 'POST', url: '/api/v1/register/resend-activation/', payload: { email } });
    const resent = await activationFromMail(email);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${resent.uid}/${resent.token}/` })).statusCode).toBe(200);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password } });
    expect((await login('Attack3r!pw')).statusCode).toBe(400);
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('sends at most three activation mails per address and hour; further sign-ups answer alike, send nothing and retire the links', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    // Each sign-up answers after its mail was handed over, so the inbox is complete here.
    expect(inbox.messages.filter((m) => m.to.includes(email.toLowerCase())).length).toBe(3);
    const links = [await activationFromMail(email), await activationFromMail(email), await activationFromMail(email)];
    // A capped sign-up still retires what was sent before, so no earlier password can win.
    for (const link of links) {
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${link.uid}/${link.token}/` })).statusCode).toBe(400);
    }
  });

  it.each([
    [{ password1: GOOD_PASSWORD, password2: GOOD_PASSWORD }, 'email', EMAIL_MESSAGES.required],
    [{ email: '', password1: GOOD_PASSWORD, password2: GOOD_PASSWORD }, 'email', EMAIL_MESSAGES.required],
    [{ email: 'ana@example', password1: GOOD_PASSWORD, password2: GOOD_PASSWORD }, 'email', EMAIL_MESSAGES.invalid],
    [{ email: 'x@y.z', password2: GOOD_PASSWORD }, 'password1', PASSWORD_MESSAGES.required],
    [{ email: 'x@y.z', password1: '', password2: '' }, 'password1', PASSWORD_MESSAGES.required],
    [{ email: 'x@y.z', password1: 'Ab1!', password2: 'Ab1!' }, 'password1', PASSWORD_MESSAGES.tooShort],
    [{ email: 'x@y.z', password1: 'abcdef1!', password2: 'abcdef1!' }, 'password1', PASSWORD_MESSAGES.uppercase],
    [{ email: 'x@y.z', password1: 'ABCDEF1!', password2: 'ABCDEF1!' }, 'password1', PASSWORD_MESSAGES.lowercase],
    [{ email: 'x@y.z', password1: 'Abcdefg!', password2: 'Abcdefg!' }, 'password1', PASSWORD_MESSAGES.digit],
    [{ email: 'x@y.z', password1: 'Abcdefg1', password2: 'Abcdefg1' }, 'password1', PASSWORD_MESSAGES.symbol],
    [{ email: 'x@y.z', password1: 'Abcdef1!-', password2: 'Abcdef1!-' }, 'password1', PASSWORD_MESSAGES.disallowed],
    [{ email: 'x@y.z', password1: GOOD_PASSWORD }, 'password2', CONFIRM_PASSWORD_MESSAGES.required],
    [{ email: 'x@y.z', password1: GOOD_PASSWORD, password2: '' }, 'password2', CONFIRM_PASSWORD_MESSAGES.required],
    [{ email: 'x@y.z', password1: GOOD_PASSWORD, password2: 'Other!pass1' }, 'password2', CONFIRM_PASSWORD_MESSAGES.mismatch],
  ])('rejects %j with %s: %s', async (payload, field, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()[field][0]).toBe(message);
  });

  it('limits sign-ups per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await register({ email: 'bad' }, '192.0.2.77')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('POST /api/v1/register/checkEmail', () => {
  it('tells whether an address is taken', async () => {
    const email = uniqueEmail('check');
    const ask = (value: string) => t.app.inject({ method: 'POST', url: '/api/v1/register/checkEmail', payload: { email: value } });
    expect((await ask(email)).json()).toEqual({ isEmailTaken: false });
    await register({ email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    await inbox.take(email);
    expect((await ask(email.toUpperCase())).json()).toEqual({ isEmailTaken: true });
    const invalid = await ask('nope');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().email[0]).toBe(EMAIL_MESSAGES.invalid);
  });
});
