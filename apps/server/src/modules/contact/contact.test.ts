import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const CONTACT_EMAIL = 'team@riskscan.test';

let t: TestApp;
let smtp: SMTPServer;
const delivered: { to: string[]; data: string }[] = [];
let nextIp = 1;

function send(body: unknown, ip?: string) {
  nextIp += 1;
  return t.app.inject({ method: 'POST', url: '/api/v1/contactform', payload: body as object, remoteAddress: ip ?? `198.51.100.${nextIp}` });
}

const form = {
  name: 'Ana Keller',
  email: 'ana@example.test',
  subject: 'Trial for our SOC',
  // The web app sends the full name, then the e-mail, then the text (SPEC §7).
  message: 'Ana Keller\nana@example.test\nWe would like to test the API with 5,000 URLs a day.',
};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_EMAIL });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('POST /api/v1/contactform', () => {
  it('stores the message and mails it to the configured address with a reply-to of the sender', async () => {
    const response = await send(form);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: 'Email Sent' });

    const mail = delivered.at(-1);
    expect(mail?.to).toEqual([CONTACT_EMAIL]);
    expect(mail?.data).toMatch(/^Subject: \[riskscan contact #\d+\] Trial for our SOC/m);
    expect(mail?.data).toContain('Reply-To: Ana Keller <ana@example.test>');
    expect(mail?.data).toContain('We would like to test the API with 5,000 URLs a day.');

    const stored = await t.app.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Ana Keller', email: 'ana@example.test', subject: 'Trial for our SOC' });
    expect(stored.mailed_at).toBeInstanceOf(Date);
  });

  it('requires all four fields and a valid e-mail address (SPEC §5)', async () => {
    const response = await send({ name: '', email: 'nope', subject: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['Name is required.'],
      email: ['Please enter a valid email address.'],
      subject: ['Subject is required.'],
      message: ['Message is required.'],
    });
  });

  it('keeps a subject on one line, so it cannot add mail headers', async () => {
    const response = await send({ ...form, subject: 'Hello\r\nBcc: victim@example.test' });
    expect(response.statusCode).toBe(201);
    const mail = delivered.at(-1)?.data ?? '';
    expect(mail).not.toMatch(/^Bcc:/m);
    expect(delivered.at(-1)?.to).toEqual([CONTACT_EMAIL]);
  });

  it('rate-limits each client address', async () => {
    const ip = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send(form, ip)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('when mail cannot be delivered', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: the SMTP connection is refused.
    broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_EMAIL });
  });
  afterAll(() => broken.close());

  it('keeps the message and tells the visitor it failed', async () => {
    const response = await broken.app.inject({ method: 'POST', url: '/api/v1/contactform', payload: form });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'Email Failed' });
    const stored = await broken.app.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(stored.mailed_at).toBeNull();
  });
});
