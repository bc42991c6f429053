import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFixtureWorld } from '@riskscan/scanner/testing';
import { ensureWebBuild } from '../../scripts/web-build.ts';
import { startCountryExitProxy } from './country-exit-proxy.ts';
import { createE2eDatabase } from './e2e-database.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/health-check/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseUrl} did not become healthy`);
}

export type E2eServer = { baseUrl: string; dataDir: string; databaseUrl: string; stop(): Promise<void> };

/**
 * The real server, as `npm start` runs it, on a free port with its own data folder and its own
 * PostgreSQL database (dropped by `stop()`), scanning the
 * fixture `world` the way production scans the Internet (with the Chromium it finds, or
 * CHROMIUM_PATH). `env` overrides its settings (a spec that needs the public per-IP caps starts
 * its own).
 */
export async function startE2eServer(
  world: Awaited<ReturnType<typeof startFixtureWorld>>,
  env: Record<string, string> = {},
): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riskscan-e2e-'));
  const database = await createE2eDatabase();
  const caFile = path.join(dataDir, 'fixture-ca.pem');
  writeFileSync(caFile, world.caPem);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      // Every test browser comes from 127.0.0.1: the per-IP caps meant for the public would
      // otherwise throttle the suite itself.
      FREE_SCANS_PER_IP_PER_DAY: '10000',
      RATE_LIMIT_ALLOW_LIST: '127.0.0.1,::1',
      // The fixture world: names resolve through its DNS to loopback (allowed for tests only),
      // https://host/ reaches its servers on their free ports, and its CA is trusted like a public one.
      SCAN_DNS_SERVERS: world.dns.server,
      SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
      SCAN_CONNECT_PORTS: `80:${world.server.httpPort},443:${world.server.httpsPort}`,
      NODE_EXTRA_CA_CERTS: caFile,
      // The server's own location.
      SCAN_LOCATION: 'CH',
      // One page at a time and no second crawler fetch: scans stay quick on a shared machine.
      SCAN_BROWSER_POOL_SIZE: '1',
      SCAN_CLOAKING_CHECK: 'false',
      SCAN_RETRY_DELAY_MS: '100',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilHealthy(baseUrl, Date.now() + 60_000);
  } catch (error) {
    server.kill('SIGTERM');
    await database.drop();
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl: database.url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

/**
 * Starts the scanner's fixture world (the fixture websites under their real names, a loopback DNS
 * server answering for them and a throwaway CA), a stand-in country exit proxy (Germany, to choose
 * in the scan options), and the real server. Hands the server's address to the tests through
 * E2E_BASE_URL. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // `npm test` has just built it; `npm run test:e2e` on its own must not test a missing or old app.
  ensureWebBuild();
  const world = await startFixtureWorld();
  const germany = await startCountryExitProxy(world);
  const server = await startE2eServer(world, { SCAN_PROXIES: `DE=${germany.url}` });
  process.env.E2E_BASE_URL = server.baseUrl;
  // Tests read mailed links (activation, password reset) from the outbox under the data folder.
  process.env.E2E_DATA_DIR = server.dataDir;
  // The member fixture deletes the accounts it made there.
  process.env.E2E_DATABASE_URL = server.databaseUrl;

  return async () => {
    await server.stop();
    await germany.close();
    await world.close();
  };
}
