import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { directoryScreenshotStore, type ScreenshotStore } from '../../capture/screenshot-store.ts';
import type { Collected } from '../../collect/collected.ts';
import type { EgressPolicy } from '../../net/egress-guard.ts';
import { createResolver } from '../../net/resolver.ts';
import { startLoopbackDns, type LoopbackDns } from '../../testing/loopback-dns.ts';
import { createBrowserPool, type BrowserPool } from '../browser-pool.ts';
import { findChromium } from '../chromium-path.ts';
import { startBrowserFixtureServer, type BrowserFixtureServer } from './browser-fixture-server.ts';

/** The "public" fixture site's name and address; only this one loopback address is exempt from the guard. */
export const PUBLIC_HOST = 'parcels.northwind-shop.com';
export const PUBLIC_ADDRESS = '127.0.0.2';
/** A name that resolves to the internal stand-in on 127.0.0.1. */
export const INTERNAL_HOST = 'files.corp-intranet.com';

export interface BrowserTestWorld {
  fixtures: BrowserFixtureServer;
  dns: LoopbackDns;
  pool: BrowserPool;
  store: ScreenshotStore;
  screenshotDir: string;
  /** The production rules, bar the one exempt fixture address: loopback and private targets are refused. */
  policy: EgressPolicy;
  url(pathname: string): string;
  /** The smallest `Collected` the browser stage reads: just where to start. */
  collectedFor(pathname: string): Collected;
  close(): Promise<void>;
}

export async function startBrowserTestWorld(poolSize = 2): Promise<BrowserTestWorld> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('These tests drive the system Chromium; install it or set CHROMIUM_PATH');
  const fixtures = await startBrowserFixtureServer({ publicAddress: PUBLIC_ADDRESS, internalHost: INTERNAL_HOST });
  const dns = await startLoopbackDns({ [PUBLIC_HOST]: [PUBLIC_ADDRESS], [INTERNAL_HOST]: ['127.0.0.1'] });
  const resolver = createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 });
  const pool = createBrowserPool({ executablePath, size: poolSize, closeTimeoutMs: 3_000 });
  const screenshotDir = mkdtempSync(path.join(tmpdir(), 'riskscan-shots-'));
  const url = (pathname: string) => `http://${PUBLIC_HOST}:${fixtures.port}${pathname}`;
  return {
    fixtures,
    dns,
    pool,
    store: directoryScreenshotStore(screenshotDir),
    screenshotDir,
    policy: { resolver, allowPrivateNetworks: false, exemptAddresses: [PUBLIC_ADDRESS] },
    url,
    collectedFor: (pathname) => ({
      requestedUrl: url(pathname),
      finalUrl: url(pathname),
      redirects: [],
      addresses: [{ address: PUBLIC_ADDRESS, family: 4 }],
      finalAddress: PUBLIC_ADDRESS,
      response: null,
      failure: null,
      tls: null,
      rendered: null,
      collectedAt: new Date().toISOString(),
    }),
    async close() {
      await pool.close();
      await Promise.all([fixtures.close(), dns.close()]);
      rmSync(screenshotDir, { recursive: true, force: true });
    },
  };
}
