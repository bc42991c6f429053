/**
 * Serves the fixture sites for manual scans with the CLI: `npm run fixtures:serve`, then run the
 * printed command in another terminal. Uses ports 80/443 and DNS port 5353 when free, so URLs
 * look exactly like the real thing; otherwise free ports (then the URL needs the port).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFixtureWorld, type FixtureWorld } from './fixture-world.ts';

async function start(): Promise<FixtureWorld> {
  try {
    return await startFixtureWorld({ httpPort: 80, httpsPort: 443, dnsPort: 5353 });
  } catch {
    return startFixtureWorld();
  }
}

const world = await start();
const caFile = path.join(os.tmpdir(), 'riskscan-fixture-ca.pem');
writeFileSync(caFile, world.caPem);
const standard = world.server.httpsPort === 443;
const example = world.server.sites.find((site) => site.host === 'chase-secure-verify.com') ?? world.server.sites[0]!;
const exampleUrl = standard ? example.entryUrl : example.entryUrl.replace(example.host, `${example.host}:${world.server.httpsPort}`);

console.log(
  `Fixture sites: http on 127.0.0.1:${world.server.httpPort}, https on 127.0.0.1:${world.server.httpsPort}, DNS on ${world.dns.server}`,
);
console.log(`Hosts: ${world.server.sites.map((site) => site.host).join(', ')}`);
console.log('\nScan one:');
console.log(
  `  NODE_EXTRA_CA_CERTS=${caFile} SCAN_ALLOW_PRIVATE_NETWORKS=true SCAN_DNS_SERVERS=${world.dns.server} npm run scan -- '${exampleUrl}'`,
);
console.log('\nCtrl+C stops the servers.');

const stop = () => void world.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
