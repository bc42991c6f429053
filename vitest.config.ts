import net from 'node:net';
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

export default defineConfig(async () => {
  const projects: TestProjectConfiguration[] = [
    { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' } },
    {
      test: {
        name: 'server:pglite',
        include: serverTests,
        exclude: [...configDefaults.exclude, ...postgresOnlyTests],
        environment: 'node',
        env: { TEST_DATABASE: 'pglite' },
        testTimeout: 20_000,
        hookTimeout: 60_000,
      },
    },
    {
      plugins: [react()],
      resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
      test: {
        name: 'web',
        root: 'apps/web',
        include: ['src/**/*.test.{ts,tsx}'],
        environment: 'jsdom',
        testTimeout: 20_000,
        setupFiles: ['src/testing/setup-tests.ts'],
      },
    },
  ];

  // CI always runs the PostgreSQL project, so a missing server fails there instead of hiding.
  if (process.env.CI === 'true' || (await postgresAnswers())) {
    projects.push({
      test: {
        name: 'server:postgres',
        include: serverTests,
        environment: 'node',
        env: { TEST_DATABASE: 'postgres' },
        testTimeout: 20_000,
        hookTimeout: 60_000,
      },
    });
  } else {
    console.warn(`\n!!! PostgreSQL at ${postgresUrl.host} does not answer: the server:postgres tests are SKIPPED in this run.\n`);
  }

  return { test: { projects } };
});
