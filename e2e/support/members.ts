import type { APIRequestContext, Page } from '@playwright/test';
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
