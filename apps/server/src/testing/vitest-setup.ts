import { setPriority } from 'node:os';
import { inject } from 'vitest';
import { useMigratedSnapshot } from './pglite-snapshot.ts';
import { testDatabaseKind, useRunPrefix } from './test-database.ts';

// Decision 590: the server tests yield the cores to the Chromium fixture suites running beside
// them, whose captures have wall-clock caps; a server test has seconds to spare. Linux sets a
// thread's niceness: this is the worker's main thread, where the tests and PGlite run, and what
// it starts after (child processes, Chromium) inherits it.
setPriority(5);

// Every server test file starts from what the run's global set-up migrated once.
if (testDatabaseKind === 'postgres') useRunPrefix(inject('postgresRunPrefix'));
else useMigratedSnapshot(inject('pgliteSnapshot'));
