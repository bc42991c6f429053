import { inject } from 'vitest';
import { useMigratedSnapshot } from './pglite-snapshot.ts';
import { testDatabaseKind, useRunPrefix } from './test-database.ts';

// Every server test file starts from what the run's global set-up migrated once.
if (testDatabaseKind === 'postgres') useRunPrefix(inject('postgresRunPrefix'));
else useMigratedSnapshot(inject('pgliteSnapshot'));
