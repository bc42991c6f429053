import type { APIRequestContext, Page } from '@playwright/test';
import type pg from 'pg';
import { mailedLink } from './outbox.ts';

export type Member = { email: string; password: string; token: string; refreshToken: string; uid: string };

export const ACTIVATION_LINK = /https?:\/\/[^\s"'<>]+\/activate-account\/[^\s"'<>]+/;

/** A fresh address per test, so tests never share an account or a mail. */
export function freshEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Registers and activates a member through the real API and its mailed link. */
export async function createMember(request: APIRequestContext, tag: string, password = 'Str0ng!pass'): Promise<Member> {
  const email = freshEmail(tag);
  const registered = await request.post('/api/v1/register/', { data: { email, password1: password, password2: password } });
  if (!registered.ok()) throw new Error(`register answered ${registered.status()}: ${await registered.text()}`);
  const link = new URL(await mailedLink(email, ACTIVATION_LINK));
  const [, , uid, token] = link.pathname.split('/');
  const activated = await request.post(`/api/v1/account/activate/${uid}/${token}/`);
  if (!activated.ok()) throw new Error(`activation answered ${activated.status()}: ${await activated.text()}`);
  return { email, password, ...((await activated.json()) as Omit<Member, 'email' | 'password'>) };
}

/**
 * Deletes a member from the server's database (the e2e world's own access: the product has no
 * account deletion). The account's rows go with its `users` row, whose foreign keys cascade; its
 * scans, which outlive a deleted user as anonymous ones, and the sandbox processor's records,
 * keyed by the account's uid, are deleted too, so nothing of the member stays.
 */
export async function deleteMember(db: pg.Pool, member: Pick<Member, 'uid'>): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const user = await client.query<{ id: string }>('select id from users where uid = $1 for update', [member.uid]);
    const id = user.rows[0]?.id;
    if (id === undefined) throw new Error(`no account ${member.uid} to delete`);
    await client.query('delete from search_scans where owner_id = $1', [id]);
    await client.query('delete from scans where user_id = $1', [id]);
    await client.query('delete from sandbox_checkout_sessions where user_uid = $1', [member.uid]);
    await client.query('delete from sandbox_subscriptions where user_uid = $1', [member.uid]);
    await client.query('delete from users where id = $1', [id]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The local-storage session of SPEC §3 for a member, valid for another hour. */
export function storedSession(member: Member, overrides: Record<string, string> = {}) {
  return {
    user: JSON.stringify({ email: member.email, token: member.token, uid: member.uid, refreshToken: member.refreshToken, ...overrides }),
    expirationTime: String(Date.now() + 3600_000),
  };
}

/** Signs a member in by writing the stored session, as a sign-in would, on a page of the app. */
export async function signInAs(page: Page, member: Member, overrides: Record<string, string> = {}): Promise<void> {
  await page.goto('/signin');
  await page.evaluate(
    (keys) => {
      for (const [key, value] of Object.entries(keys)) localStorage.setItem(key, value);
    },
    storedSession(member, overrides),
  );
}
