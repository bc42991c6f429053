import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Decorates `app.db` with the assembly's database (`assemble.ts` opens, migrates and closes it). */
export const databasePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('db', db);
  },
  { name: 'database' },
);
