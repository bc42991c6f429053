import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type CreatedUser = { id: number; uid: string; email: string };

/**
 * Runs inside the transaction that creates the user, so an account never exists without what
 * other modules set up for it (payments starts it on the Free plan). A hook that throws aborts
 * the sign-up.
 */
export type UserCreatedHook = (user: CreatedUser, trx: Transaction<Database>) => Promise<void>;

export type UserCreatedHooks = {
  add(hook: UserCreatedHook): void;
  run(user: CreatedUser, trx: Transaction<Database>): Promise<void>;
};

export function createUserCreatedHooks(): UserCreatedHooks {
  const hooks: UserCreatedHook[] = [];
  return {
    add: (hook) => void hooks.push(hook),
    async run(user, trx) {
      for (const hook of hooks) await hook(user, trx);
    },
  };
}
