import { warmUrlVerdicts } from '../checks/url-verdicts.ts';
import type { ScannerOptions } from '../scan-options.ts';
import { createResolver, type HostResolver } from '../net/resolver.ts';
import { startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { startLoopbackDns, type LoopbackDns } from './loopback-dns.ts';
import { createTestCa } from './test-ca.ts';

/** Fixture sites under their real-looking names: a loopback DNS server, the fixture server and a trusted test CA. */
export interface FixtureWorld {
  dns: LoopbackDns;
  server: FixtureServer;
  resolver: HostResolver;
  caPem: string;
  /** Scanner options that reach the fixtures exactly as production reaches the Internet, save the private-address rule. */
  scanOptions: ScannerOptions;
  close(): Promise<void>;
}

export interface FixtureWorldPorts {
  httpPort?: number;
  httpsPort?: number;
  dnsPort?: number;
  /** Another folder of sites in the fixture format (a held-out evaluation set); defaults to `fixtures/sites`. */
  sitesDir?: string;
}

/** Starts everything on loopback; ports default to free ones (0). */
export async function startFixtureWorld(ports: FixtureWorldPorts = {}): Promise<FixtureWorld> {
  const ca = createTestCa();
  const server = await startFixtureServer(ca, { sitesDir: ports.sitesDir, httpPort: ports.httpPort, httpsPort: ports.httpsPort });
  const dns = await startLoopbackDns(Object.fromEntries(server.hosts.map((host) => [host, ['127.0.0.1']])), ports.dnsPort);
  // The DNS server answers from this process, whose event loop also judges the pages of a file's
  // concurrent scans: on a busy machine an answer can wait past a second, and a name that timed out
  // is refused like one that does not exist (a capture 'failed' for no fault of the page).
  const resolver = createResolver({ servers: [dns.server], timeoutMs: 5000, tries: 2 });
  // Scans judge the address with the lookup's engine; build it now, as a server does at start.
  warmUrlVerdicts();
  return {
    dns,
    server,
    resolver,
    caPem: ca.caPem,
    scanOptions: {
      network: {
        resolver,
        allowPrivateNetworks: true,
        trustedCertificates: [ca.caPem],
        connectPorts: { 80: server.httpPort, 443: server.httpsPort },
        timeoutMs: 10_000,
      },
    },
    close: async () => {
      await Promise.all([server.close(), dns.close()]);
    },
  };
}
