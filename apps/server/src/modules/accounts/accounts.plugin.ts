import fp from 'fastify-plugin';
import { defineJob, type Jobs } from '../../jobs/index.ts';
import { createWebLinks } from '../mail/index.ts';
import { type AuthUser, type AuthUserKind, FREE_SCAN_GUEST_SCOPES, USER_SCOPES } from '../auth/index.ts';
import { purgeExpiredAccountData } from './account-data-purge.repository.ts';
import type { AccountsContext } from './accounts-context.ts';
import { createBackgroundTasks } from './background-tasks.ts';
import { findLiveSessionUser } from './sessions.repository.ts';
import { createUserCreatedHooks, type UserCreatedHook } from './user-created-hooks.ts';
import { findFreeScanGuest, findUserById } from './users.repository.ts';

/** Guest tokens only need to outlive one free scan. */
const FREE_SCAN_GUEST_TOKEN_TTL_SECONDS = 30 * 60;

const PURGE_EVERY_MS = 60 * 60_000;

export type Accounts = {
  /** Called inside the sign-up transaction for every new account (payments: start it on the Free plan). */
  onUserCreated(hook: UserCreatedHook): void;
  /** An access token of the shared free-scan guest account (SPEC §6), good for the free scan only. */
  mintFreeScanGuestToken(freeScanUid: string): Promise<string>;
  /** Who a user id belongs to, for mail sent outside a request (receipts, renewal reminders). */
  findUser(id: number): Promise<AccountSummary | undefined>;
  /** For the accounts routes; other modules use the functions above. */
  context: AccountsContext;
};

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
}

export type AccountSummary = { id: number; uid: string; email: string; name: string; kind: AuthUserKind; isActive: boolean };

export type AccountsPluginOptions = {
  publicUrl: string;
  refreshTokenTtlSeconds: number;
  /** Where the hourly purge of expired tokens and sessions is beaten: once across the API processes (decision 463). */
  jobs: Jobs;
};

/**
 * Accounts as a capability: the Bearer scheme for session and guest tokens, the user-created
 * hook list and the guest token minter. The HTTP routes are `accounts.routes.ts`.
 */
export const accountsPlugin = fp<AccountsPluginOptions>(
  async (app, options) => {
    const context: AccountsContext = {
      db: app.db,
      mailer: app.mailer,
      tokens: app.auth.tokens,
      links: createWebLinks(options.publicUrl),
      refreshTokenTtlSeconds: options.refreshTokenTtlSeconds,
      userCreated: createUserCreatedHooks(),
      log: app.log,
      background: createBackgroundTasks(app.log),
    };
    app.addHook('onClose', () => context.background.idle());

    // Not retried: the next hourly pass takes what is still expired.
    const purge = defineJob<Record<string, never>>('account-data-purge', () => purgeExpiredAccountData(app.db).then(() => undefined), {
      attempts: 1,
      backoff: { type: 'fixed', delayMs: 0 },
      timeoutMs: 10 * 60_000,
    });
    app.addHook('onReady', () => options.jobs.every(purge, PURGE_EVERY_MS, {}));

    app.auth.registerScheme('Bearer', async (token): Promise<AuthUser | null> => {
      const claims = await context.tokens.verify(token);
      if (!claims) return null;
      if (claims.kind === 'free-scan-guest') {
        const guest = await findFreeScanGuest(app.db);
        if (!guest || guest.uid !== claims.uid) return null;
        return {
          id: guest.id,
          uid: guest.uid,
          email: guest.email,
          kind: 'free-scan-guest',
          scopes: FREE_SCAN_GUEST_SCOPES,
          sessionId: null,
          ...(claims.freeScanUid ? { freeScanUid: claims.freeScanUid } : {}),
        };
      }
      // Every request checks the session, so signing out or changing the password ends access at once.
      const row = claims.sessionId ? await findLiveSessionUser(app.db, claims.sessionId) : undefined;
      if (!row || row.uid !== claims.uid || !row.is_active || row.kind !== 'user') return null;
      return { id: row.id, uid: row.uid, email: row.email, kind: 'user', scopes: USER_SCOPES, sessionId: claims.sessionId };
    });

    app.decorate('accounts', {
      context,
      onUserCreated: (hook) => context.userCreated.add(hook),
      async mintFreeScanGuestToken(freeScanUid) {
        const guest = await findFreeScanGuest(app.db);
        if (!guest) throw new Error('The free-scan guest account is missing (migration 0104)');
        return context.tokens.sign(
          { uid: guest.uid, kind: 'free-scan-guest', scopes: FREE_SCAN_GUEST_SCOPES, sessionId: null, freeScanUid },
          FREE_SCAN_GUEST_TOKEN_TTL_SECONDS,
        );
      },
      async findUser(id) {
        const user = await findUserById(app.db, id);
        return user && { id: user.id, uid: user.uid, email: user.email, name: user.name, kind: user.kind, isActive: user.is_active };
      },
    } satisfies Accounts);
  },
  { name: 'accounts', dependencies: ['auth', 'database', 'mail'] },
);
