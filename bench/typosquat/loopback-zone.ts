import { DNSTWIST_FUZZERS, generateLookalikes } from '@riskscan/scanner';
import { startLoopbackDns, type ZoneEntry } from '@riskscan/scanner/testing';

/**
 * The loopback DNS server both resolvers of `resolve.ts` ask, in a process of its own so that
 * neither side's work slows the other's answers: `tsx loopback-zone.ts DOMAIN HOST PORT`. It
 * registers every tenth look-alike of DOMAIN in dnstwist's default families (NS, A, AAAA, MX)
 * and answers NXDOMAIN for the rest; prints `ready HOST:PORT REGISTERED` when listening.
 */
export const DEFAULT_FAMILIES = DNSTWIST_FUZZERS.filter((family) => family !== 'dictionary' && family !== 'tld-swap');

export function benchZone(domain: string): Record<string, ZoneEntry> {
  const zone: Record<string, ZoneEntry> = {};
  let index = 0;
  for (const { domain: name } of generateLookalikes(domain, { families: DEFAULT_FAMILIES })) {
    if (index++ % 10 !== 0) continue;
    zone[name] = {
      records: [
        { type: 'NS', ns: `ns1.parking-${index % 7}.example` },
        { type: 'A', address: `198.51.100.${index % 250}` },
        { type: 'AAAA', address: `2001:db8::${(index % 250).toString(16)}` },
        { type: 'MX', exchange: `mx.parking-${index % 7}.example`, priority: 10 },
      ],
    };
  }
  return zone;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [domain = 'google.com', host = '127.0.0.1', port = '0'] = process.argv.slice(2);
  const zone = benchZone(domain);
  const dns = await startLoopbackDns(zone, Number(port), host);
  process.stdout.write(`ready ${dns.server} ${Object.keys(zone).length}\n`);
  process.on('SIGTERM', () => void dns.close().then(() => process.exit(0)));
}
