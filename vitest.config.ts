import net from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';

const postgresUrl = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

function postgresAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: postgresUrl.hostname, port: Number(postgresUrl.port || 5432) });
    const settle = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(1500);
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}

const serverTests = ['apps/server/src/**/*.test.ts'];
/** Tests that need a database other processes can share (workers): PostgreSQL only. */
const postgresOnlyTests = ['apps/server/src/**/*.postgres.test.ts'];
/**
 * What the PostgreSQL project runs besides `*.postgres.test.ts`: the tests whose outcome can differ
 * between PGlite (one connection, so every transaction runs alone) and a PostgreSQL server with
 * a pool of connections. Everything else runs once, on PGlite, and the 30-odd server test files
 * that never open a database run only there. docs/testing.md explains the choice.
 */
const alsoOnPostgresTests = [
  // Migrations on a real server.
  'apps/server/src/**/*migration*.test.ts',
  // The app's health check reports the real database.
  'apps/server/src/app.test.ts',
  // Transactions and row locks under concurrent requests or workers.
  'apps/server/src/modules/accounts/profile.test.ts',
  'apps/server/src/modules/accounts/registration.test.ts',
  'apps/server/src/modules/accounts/sessions.test.ts',
  'apps/server/src/modules/accounts/sign-in.test.ts',
  'apps/server/src/modules/accounts/sign-in-throttle.test.ts',
  'apps/server/src/modules/billing/memberships/quota.test.ts',
  'apps/server/src/modules/monitoring/monitor-jobs-idempotency.test.ts',
  'apps/server/src/modules/monitoring/page-scan-follow-up.test.ts',
  'apps/server/src/modules/scans/free-scan.routes.test.ts',
  'apps/server/src/modules/webhooks/deliveries.test.ts',
  // BullMQ jobs that claim database rows.
  'apps/server/src/modules/monitoring/monitoring-jobs.test.ts',
  // Repositories whose SQL leans on the server: date arithmetic, aggregates (int8 through the pg
  // driver), full-text search, upserts read by other processes.
  'apps/server/src/modules/accounts/account-data-purge.test.ts',
  'apps/server/src/modules/lookup/reputation-store.test.ts',
  'apps/server/src/modules/metrics/metrics.test.ts',
  'apps/server/src/modules/scans/search-backfill.test.ts',
  'apps/server/src/modules/search/search.routes.test.ts',
  'apps/server/src/modules/search/search-lookalikes.test.ts',
];

/**
 * The server projects: one migration per run (a PGlite snapshot or a PostgreSQL template) that
 * every test file copies. A worker's files share its module graph (`isolate: false`): each file
 * builds its own app, configuration and database from that graph, and what the graph keeps
 * between files is read-only or a cache (decision 500).
 */
const serverProject = (name: string, database: 'pglite' | 'postgres', include: string[], exclude: string[] = []) => ({
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node',
    isolate: false,
    env: { TEST_DATABASE: database },
    globalSetup: ['apps/server/src/testing/vitest-global-setup.ts'],
    setupFiles: ['apps/server/src/testing/vitest-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: 1 },
  },
});

const cores = availableParallelism();

/**
 * The browser stage's tests of its own caps (a page that never ends, a 50 MB page, a renderer
 * crash): what they assert is how the stage behaves when a wall-clock cap passes, so they run
 * first, on their own, one file per core, before the rest of the run shares the cores (decision 590).
 */
const browserStageCapTests = [
  'packages/scanner/src/browser/robustness.test.ts',
  'packages/scanner/src/browser/browser-render-stage.test.ts',
];

/** The packages' tests (the scanner with its Chromium fixture suites, the contracts, the CLI, the scripts). */
function packagesProject(
  name: string,
  {
    include = ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude = [] as string[],
    groupOrder,
    maxWorkers,
  }: { include?: string[]; exclude?: string[]; groupOrder: number; maxWorkers?: number },
): TestProjectConfiguration {
  return {
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...exclude],
      environment: 'node',
      // One module graph per worker, not per file: these files use no module mocks, stubbed
      // globals or fake timers, and what they share is read-only (the verdict's indexes, built
      // once per worker instead of once per file): 108 CPU-s for the project instead of 156.
      isolate: false,
      // A worker's first full scan builds the URL verdict's look-alike index (about 3 s) before it judges.
      testTimeout: 20_000,
      // Chromium renders under every test of the fixture suites: on a loaded 2-core run a page can
      // miss a capture step's cap once (decision 684). A failure that repeats still fails.
      retry: 1,
      sequence: { groupOrder },
      ...(maxWorkers ? { maxWorkers } : {}),
    },
  };
}

export default defineConfig(async () => {
  const projects: TestProjectConfiguration[] = [
    packagesProject('packages', { exclude: browserStageCapTests, groupOrder: 1 }),
    packagesProject('packages:browser-caps', { include: browserStageCapTests, groupOrder: 0, maxWorkers: cores }),
    serverProject('server:pglite', 'pglite', serverTests, postgresOnlyTests),
    {
      plugins: [react()],
      resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
      test: {
        name: 'web',
        root: 'apps/web',
        include: ['src/**/*.test.{ts,tsx}'],
        environment: 'jsdom',
        // A fresh VM context and module graph per file, in worker threads that keep their jsdom
        // set-up: a forked process and a new jsdom per file cost 70 of the project's 107 CPU-s.
        pool: 'vmThreads',
        testTimeout: 20_000,
        setupFiles: ['src/testing/setup-tests.ts'],
        sequence: { groupOrder: 1 },
      },
    },
  ];

  // CI always runs the PostgreSQL project, so a missing server fails there instead of hiding.
  if (process.env.CI === 'true' || (await postgresAnswers())) {
    projects.push(serverProject('server:postgres', 'postgres', [...postgresOnlyTests, ...alsoOnPostgresTests]));
  } else {
    console.warn(`\n!!! PostgreSQL at ${postgresUrl.host} does not answer: the server:postgres tests are SKIPPED in this run.\n`);
  }

  // Two test files per core after the browser stage's cap tests (decision 590): a file waits on
  // sockets, timers, child processes and Chromium for about half its time, so one file per core left
  // the machine half idle.
  // The global set-ups' clean-up drops a run's PostgreSQL databases: give it time on a busy machine.
  return { test: { projects, maxWorkers: 2 * cores, teardownTimeout: 60_000 } };
});
