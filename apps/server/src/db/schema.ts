/**
 * The tables Kysely checks queries against. Each module declares its own tables beside its
 * repository and merges them in, so no module edits another's types:
 *
 *   declare module '../../db/schema.ts' { interface Database { users: UsersTable } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Database {}
