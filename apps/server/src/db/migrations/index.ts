import type { Migration } from 'kysely/migration';
import * as contentTables from './0300-content.ts';
import * as contactMessages from './0301-contact-messages.ts';

/**
 * Every migration in the order it runs, keyed `NNNN-what-it-does`. A module adds its own file
 * here and never edits one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0300-content': contentTables,
  '0301-contact-messages': contactMessages,
};
