import type { Generated } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type AlertConfirmationMailsTable = {
  id: Generated<string>;
  /** SHA-256 of the lower-cased address: the count needs no address kept. */
  address_hash: string;
  sent_at: Date;
};

declare module '../../db/schema.ts' {
  interface Database {
    alert_confirmation_mails: AlertConfirmationMailsTable;
  }
}

/**
 * Records one confirmation mail to the address and answers how many it was sent within `window`
 * (this one included). Recording before counting keeps the cap under concurrent requests: each
 * counts the others. Older rows of the address are dropped.
 */
export async function recordConfirmationMail(db: Executor, addressHash: string, at: Date, windowMs: number): Promise<number> {
  const since = new Date(at.getTime() - windowMs);
  await db.deleteFrom('alert_confirmation_mails').where('address_hash', '=', addressHash).where('sent_at', '<', since).execute();
  await db.insertInto('alert_confirmation_mails').values({ address_hash: addressHash, sent_at: at }).execute();
  const { n } = await db
    .selectFrom('alert_confirmation_mails')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('address_hash', '=', addressHash)
    .where('sent_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}
