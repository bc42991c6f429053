import { EMAIL_MESSAGES } from '@riskscan/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../../testing/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { PROFILE_MESSAGES } from './profile.service.ts';
import { createUser, signedInUser, uniqueEmail } from './testing/account-factory.ts';

const PUBLIC_URL = 'https://riskscan.example';

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

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token: string | null, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The token of the confirmation link mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const mail = await inbox.take(email);
  expect(mail.subject).toBe('Confirm your new riskscan e-mail address');
  const link = new URL(linkIn(mail.text, `${PUBLIC_URL}/profile/change_email?token=`));
  return link.searchParams.get('token')!;
}

describe('GET and PATCH /api/v1/user-details/', () => {
  it('shows and renames the signed-in user', async () => {
    const { token, ...user } = await signedInUser(t.app);
    const shown = await call('GET', '/user-details/', token);
    expect(shown.json()).toEqual({ uid: user.uid, email: user.email, name: '', date_joined: expect.any(String) });
    const renamed = await call('PATCH', '/user-details/', token, { name: '  Ana Lima ' });
    expect(renamed.json()).toMatchObject({ uid: user.uid, name: 'Ana Lima' });
  });

  it('is closed to anonymous callers and to the free-scan guest', async () => {
    expect((await call('GET', '/user-details/', null)).statusCode).toBe(401);
    const guest = await t.app.accounts.mintFreeScanGuestToken('anon-00000002');
    expect((await call('GET', '/user-details/', guest)).statusCode).toBe(403);
  });
});

describe('PATCH /api/v1/change-email/', () => {
  it('mails a link to the new address; following it changes the address and tells the old one', async () => {
    const { token, ...user } = await signedInUser(t.app);
    const newEmail = uniqueEmail('moved');
    const response = await call('PATCH', '/change-email/', token, { new_email: newEmail.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: PROFILE_MESSAGES.emailChangeSent, new_email: newEmail });
    expect((await call('GET', '/user-details/', token)).json().email).toBe(user.email);

    const confirmToken = await confirmationToken(newEmail);
    const confirmed = await call('POST', '/change-email/confirm/', null, { token: confirmToken });
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect((await call('GET', '/user-details/', token)).json().email).toBe(newEmail);
    expect((await inbox.take(user.email)).text).toContain(newEmail);
    expect((await call('POST', '/login/', null, { email: newEmail, password: user.password })).statusCode).toBe(200);

    const reused = await call('POST', '/change-email/confirm/', null, { token: confirmToken });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: PROFILE_MESSAGES.emailChangeLinkInvalid });
  });

  it('refuses an expired confirmation link', async () => {
    const { token, ...user } = await signedInUser(t.app);
    const newEmail = uniqueEmail('late');
    await call('PATCH', '/change-email/', token, { new_email: newEmail });
    const confirmToken = await confirmationToken(newEmail);
    await t.testDb.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await call('POST', '/change-email/confirm/', null, { token: confirmToken })).statusCode).toBe(400);
  });

  it('answers problems as new_email', async () => {
    const { token, ...user } = await signedInUser(t.app);
    const other = await createUser(t.app);
    const problem = async (newEmail: unknown) =>
      (await call('PATCH', '/change-email/', token, { new_email: newEmail })).json().new_email[0];
    expect(await problem('')).toBe(EMAIL_MESSAGES.required);
    expect(await problem('nope')).toBe(EMAIL_MESSAGES.invalid);
    expect(await problem(other.email)).toBe(EMAIL_MESSAGES.taken);
    expect(await problem(user.email)).toBe(PROFILE_MESSAGES.sameEmail);
  });

  it('does not change the address if someone took it before the link was followed', async () => {
    const { token } = await signedInUser(t.app);
    const wanted = uniqueEmail('race');
    await call('PATCH', '/change-email/', token, { new_email: wanted });
    const confirmToken = await confirmationToken(wanted);
    await createUser(t.app, { email: wanted });
    const response = await call('POST', '/change-email/confirm/', null, { token: confirmToken });
    expect(response.statusCode).toBe(400);
    expect(response.json().new_email[0]).toBe(EMAIL_MESSAGES.taken);
  });
});

describe('POST /api/v1/update/profile', () => {
  it('updates the name at once and sends a confirmation link for a new e-mail', async () => {
    const { token, ...user } = await signedInUser(t.app);
    const same = await call('POST', '/update/profile', token, { Email: user.email, Name: 'Bo' });
    expect(same.json()).toEqual({ updateSuccess: true, emailChangePending: false });
    expect((await call('GET', '/user-details/', token)).json().name).toBe('Bo');

    const newEmail = uniqueEmail('profile');
    const moved = await call('POST', '/update/profile', token, { Email: newEmail, Name: 'Bo Lin' });
    expect(moved.json()).toEqual({ updateSuccess: true, emailChangePending: true });
    await confirmationToken(newEmail);
  });

  it('reports a bad Email on the Email field', async () => {
    const { token } = await signedInUser(t.app);
    const other = await createUser(t.app);
    expect((await call('POST', '/update/profile', token, { Email: 'x', Name: 'A' })).json().Email[0]).toBe(EMAIL_MESSAGES.invalid);
    expect((await call('POST', '/update/profile', token, { Email: other.email, Name: 'A' })).json().Email[0]).toBe(EMAIL_MESSAGES.taken);
  });
});
