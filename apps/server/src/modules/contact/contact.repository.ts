import type { Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';

export type ContactMessagesTable = {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string;
  created_at: Generated<Date>;
  mailed_at: Date | null;
};

declare module '../../db/schema.ts' {
  interface Database {
    contact_messages: ContactMessagesTable;
  }
}

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export function createContactRepository(db: Executor) {
  return {
    async insert(message: Omit<ContactMessageRow, 'id' | 'created_at' | 'mailed_at'>): Promise<ContactMessageRow> {
      return db.insertInto('contact_messages').values(message).returningAll().executeTakeFirstOrThrow();
    },
    async markMailed(id: number): Promise<void> {
      await db.updateTable('contact_messages').set({ mailed_at: new Date() }).where('id', '=', id).execute();
    },
  };
}
