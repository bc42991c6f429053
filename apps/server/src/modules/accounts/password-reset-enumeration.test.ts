import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createUser } from './testing/account-factory.ts';

/**
 * A mail server that accepts connections and never answers: a reset that waited for its mail
 * would never answer either. The answer must not depend on whether there is mail to send, so a
 * real account's reset cannot be told from an unknown one's by its time (issue 29, weakness 6).
 */
let t: TestApp;
let stalled: ReturnType<typeof createServer>;
const sockets: Socket[] = [];
beforeAll(async () => {
  stalled = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${(stalled.address() as AddressInfo).port}` });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await t.close();
  await new Promise((resolve) => stalled.close(resolve));
});

it('answers a reset for a real account before any mail is sent, exactly as for an unknown address', async () => {
  const user = await createUser(t.app);
  const ask = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/password-reset/', payload: { email }, remoteAddress });
  const real = await ask(user.email, '10.3.0.1');
  const unknown = await ask('nobody-here@example.test', '10.3.0.2');
  expect([real.statusCode, real.json()]).toEqual([200, { status: 'OK' }]);
  expect([unknown.statusCode, unknown.json()]).toEqual([real.statusCode, real.json()]);
  // The mail is still on its way: the server has a connection from the real account's reset.
  await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
});
