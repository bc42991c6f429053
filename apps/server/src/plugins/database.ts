import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export type DatabasePluginOptions = {
  database: Config['database'];
  /** A database the caller owns (tests); the app then neither creates nor closes one. */
  db?: Db;
};

/** Opens the database, applies pending migrations, and closes it with the app. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const owned = !options.db;
    const db = options.db ?? (await createDatabase(options.database));
    await migrateToLatest(db);
    app.decorate('db', db);
    if (owned) app.addHook('onClose', async () => db.destroy());
  },
  { name: 'database' },
);
