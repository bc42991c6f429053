import type { Migration } from 'kysely/migration';
import * as reputation from './0400-reputation.ts';

/**
 * Every migration in the order it runs, keyed `NNNN-what-it-does`. A module adds its own file
 * here and never edits one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0400-reputation': reputation,
};
