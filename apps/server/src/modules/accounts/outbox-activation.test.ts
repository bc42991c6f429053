import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, parseMail } from '../../testing/smtp-inbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { GOOD_PASSWORD } from './testing/account-factory.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:5173' });
});
afterAll(() => t.close());

describe('sign-up without SMTP', () => {
  it('writes the activation mail to the outbox, where a local user can follow its link', async () => {
    const email = 'local@example.test';
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/register/',
      payload: { email, password1: GOOD_PASSWORD, password2: GOOD_PASSWORD },
    });
    const outbox = t.config.mail.outboxDir;
    const [file] = await readdir(outbox);
    const mail = parseMail(await readFile(path.join(outbox, file!), 'utf8'), [email]);
    const [uid, token] = new URL(linkIn(mail.text, 'http://localhost:5173/activate-account/')).pathname.split('/').slice(2);
    const activated = await t.app.inject({ method: 'POST', url: `/api/v1/account/activate/${uid}/${token}/` });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().email).toBe(email);
  });
});
