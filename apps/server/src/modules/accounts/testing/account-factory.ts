import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../password-hashing.ts';
import { activateUser, insertUser, type User } from '../users.repository.ts';

export const GOOD_PASSWORD = 'Sup3r!secret';

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${++counter}@example.test`;

/** An account straight in the database, active unless told otherwise. */
export async function createUser(
  app: FastifyInstance,
  options: { email?: string; password?: string; active?: boolean } = {},
): Promise<User & { password: string }> {
  const password = options.password ?? GOOD_PASSWORD;
  const user = await insertUser(app.db, {
    uid: randomUUID(),
    email: options.email ?? uniqueEmail(),
    passwordHash: await hashPassword(password),
  });
  if (!user) throw new Error('factory e-mail already taken');
  if (options.active ?? true) await activateUser(app.db, user.id);
  return { ...user, is_active: options.active ?? true, password };
}

/** Signs a factory user in through the real endpoint. */
export async function signInAs(app: FastifyInstance, user: { email: string; password: string }) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email: user.email, password: user.password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json<{ token: string; refreshToken: string; email: string; uid: string }>();
}

/** A factory account signed in through the real endpoint: its tokens and the bearer header to send. */
export async function signedInUser(app: FastifyInstance, options: { email?: string; password?: string } = {}) {
  const user = await createUser(app, options);
  const session = await signInAs(app, user);
  return { ...user, token: session.token, refreshToken: session.refreshToken, headers: { authorization: `Bearer ${session.token}` } };
}

export type SignedInUser = Awaited<ReturnType<typeof signedInUser>>;
