import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

describe('outbox mailer', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'riskscan-outbox-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes an .eml file and logs the links in the message', async () => {
    const logged: string[] = [];
    const mailer = createMailer({ smtpUrl: null, from: 'riskscan <no-reply@riskscan.test>', outboxDir: dir, logLinks: true }, (line) =>
      logged.push(line),
    );
    await mailer.send({
      to: 'ana@example.test',
      subject: 'Activate',
      text: 'Open http://localhost:8080/activate-account/1/abc to activate.',
    });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('To: ana@example.test');
    expect(eml).toContain('Subject: Activate');
    expect(logged[0]).toContain('http://localhost:8080/activate-account/1/abc');
  });

  it('keeps the outbox to the server user and, outside a laptop, its links out of the log', async () => {
    const logged: string[] = [];
    const outbox = path.join(dir, 'private');
    const mailer = createMailer({ smtpUrl: null, from: 'no-reply@riskscan.test', outboxDir: outbox, logLinks: false }, (line) =>
      logged.push(line),
    );
    const sent = await mailer.send({
      to: 'ana@example.test',
      subject: 'Reset',
      text: 'Open https://riskscan.example/password-reset/token/s3cr3t now.',
    });
    expect((await stat(outbox)).mode & 0o777).toBe(0o700);
    expect((await stat(sent.file!)).mode & 0o777).toBe(0o600);
    expect(logged.join('\n')).not.toContain('s3cr3t');
    expect(logged.join('\n')).toContain('ana@example.test');
  });
});

describe('SMTP mailer', () => {
  const received: string[] = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers through a real SMTP server', async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@riskscan.test', outboxDir: '/nonexistent', logLinks: false },
      () => {},
    );
    await mailer.send({ to: 'bo@example.test', subject: 'Hello', text: 'Body text' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Hello');
    expect(received[0]).toContain('Body text');
  });
});
