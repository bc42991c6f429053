import type { TestProject } from 'vitest/node';
import { writeMigratedSnapshot } from './pglite-snapshot.ts';
import { createRunTemplate } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite project's migrated data directory, dumped once per run. */
    pgliteSnapshot: string;
    /** The PostgreSQL project's database name prefix: its template and every test database. */
    postgresRunPrefix: string;
  }
}

/**
 * Once per run and server project: migrates once, for every test file to copy (a PGlite snapshot
 * or a PostgreSQL template), and removes what it made when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DATABASE === 'postgres') {
    const run = await createRunTemplate();
    project.provide('postgresRunPrefix', run.prefix);
    return run.remove;
  }
  const snapshot = await writeMigratedSnapshot();
  project.provide('pgliteSnapshot', snapshot.file);
  return snapshot.remove;
}
