import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessTokens } from '../auth/index.ts';
import type { Mailer, WebLinks } from '../mail/index.ts';
import type { BackgroundTasks } from './background-tasks.ts';
import type { UserCreatedHooks } from './user-created-hooks.ts';

/** What the account services work with; built once per app by the accounts plugin. */
export type AccountsContext = {
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  links: WebLinks;
  refreshTokenTtlSeconds: number;
  userCreated: UserCreatedHooks;
  /** For security events an operator should see (refresh-token reuse, sign-in lock-outs). */
  log: FastifyBaseLogger;
  /** Mail whose sending must not show in the answer's timing (password resets). */
  background: BackgroundTasks;
};

/**
 * Where a request came from, kept with the session it starts; `addressKey` is the address as
 * per-IP limits count it (an IPv6 client by its network prefix).
 */
export type ClientInfo = { ip: string | null; addressKey: string | null; userAgent: string | null };
