import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
    const mailer = createMailer({ smtpUrl: null, from: 'riskscan <no-reply@riskscan.test>', outboxDir: dir }, (line) => logged.push(line));
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
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'no-reply@riskscan.test', outboxDir: '/nonexistent' },
      () => {},
    );
    await mailer.send({ to: 'bo@example.test', subject: 'Hello', text: 'Body text' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Hello');
    expect(received[0]).toContain('Body text');
  });
});
