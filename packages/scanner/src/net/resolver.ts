import { Resolver } from 'node:dns/promises';
import { parseIpLiteral } from './address-policy.ts';
import { TcpDnsClient } from './tcp-dns-client.ts';
import { type UdpAnswer, UdpDnsClient } from './udp-dns-client.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The one place names are turned into addresses for everything the scanner (and its browser) fetches. */
export interface HostResolver {
  /** Servers in use, `host:port` (empty: the system's). */
  readonly servers: readonly string[];
  /** A and AAAA records of a name; an IP literal answers itself. Throws `ResolveError` when there is no address. */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
}

/** Record types the look-alike check asks for, as dnstwist does. */
export type RecordType = 'A' | 'AAAA' | 'MX' | 'NS';

/**
 * What a server said about one name and type: its records (`nodata` when the name exists
 * without them), `nxdomain` when the name does not exist, or `failed` (SERVFAIL, refusal, timeout).
 */
export type RecordAnswer = { status: 'ok'; records: string[] } | { status: 'nodata' | 'nxdomain' } | { status: 'failed'; code: string };

/** Any record type of a name, answered without throwing. */
export interface RecordResolver {
  records(hostname: string, type: RecordType): Promise<RecordAnswer>;
}

export interface ResolverOptions {
  /** DNS servers as `ip` or `ip:port` / `[ipv6]:port`, e.g. `127.0.0.1:5353` (`SCAN_DNS_SERVERS`). Empty: the system's. */
  servers?: readonly string[];
  /** Per-query timeout. */
  timeoutMs?: number;
  tries?: number;
  /**
   * Record look-ups (`records`) by the thousand: send them pipelined over one TCP connection to
   * the first server, UDP when that fails. Off: UDP.
   */
  pipelined?: boolean;
}

export class ResolveError extends Error {
  constructor(
    readonly hostname: string,
    readonly code: string,
  ) {
    super(`Could not resolve ${hostname} (${code})`);
    this.name = 'ResolveError';
  }
}

const NO_RECORDS = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);
const NO_NAME = new Set(['ENOTFOUND', 'NOTFOUND', 'ENONAME']);
const RCODE_ERRORS: Record<number, string> = { [-1]: 'ETIMEOUT', 1: 'EFORMERR', 2: 'ESERVFAIL', 4: 'ENOTIMP', 5: 'EREFUSED' };

/**
 * Builds the scanner's resolver. It asks DNS servers directly rather than the system's
 * `getaddrinfo`, so that tests and deployments can pin which servers answer, and `/etc/hosts`
 * cannot smuggle an internal name in. `localhost` is answered locally as RFC 6761 requires.
 */
export function createResolver(options: ResolverOptions = {}): HostResolver & RecordResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
  const servers = options.servers ? [...options.servers] : [];

  async function query(hostname: string, family: 4 | 6): Promise<ResolvedAddress[]> {
    try {
      const addresses = family === 4 ? await resolver.resolve4(hostname) : await resolver.resolve6(hostname);
      return addresses.map((address) => ({ address, family }));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (NO_RECORDS.has(code)) return [];
      throw new ResolveError(hostname, code);
    }
  }

  async function recordsThroughCares(hostname: string, type: RecordType): Promise<RecordAnswer> {
    try {
      const found =
        type === 'A'
          ? await resolver.resolve4(hostname)
          : type === 'AAAA'
            ? await resolver.resolve6(hostname)
            : type === 'NS'
              ? await resolver.resolveNs(hostname)
              : (await resolver.resolveMx(hostname)).sort((a, b) => a.priority - b.priority).map((mx) => mx.exchange);
      return found.length === 0 ? { status: 'nodata' } : { status: 'ok', records: found };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (NO_NAME.has(code)) return { status: 'nxdomain' };
      if (code === 'ENODATA') return { status: 'nodata' };
      return { status: 'failed', code };
    }
  }

  // Record look-ups come in thousands (look-alike checks): plain UDP first, c-ares for what needs TCP.
  const udpServers = servers.length > 0 ? servers : resolver.getServers();
  const udp = udpServers.length > 0 ? new UdpDnsClient(udpServers, options.timeoutMs ?? 3000, options.tries ?? 2) : null;
  const tcp = options.pipelined && udpServers[0] ? new TcpDnsClient(udpServers[0], options.timeoutMs ?? 3000) : null;

  async function records(hostname: string, type: RecordType): Promise<RecordAnswer> {
    if (!udp) return recordsThroughCares(hostname, type);
    let answer: UdpAnswer | null = tcp ? await tcp.query(hostname, type) : null;
    if (answer === null || answer.rcode === -1) answer = await udp.query(hostname, type);
    if (answer.truncated) return recordsThroughCares(hostname, type);
    if (answer.rcode === 0) return answer.records.length === 0 ? { status: 'nodata' } : { status: 'ok', records: answer.records };
    if (answer.rcode === 3) return { status: 'nxdomain' };
    return { status: 'failed', code: RCODE_ERRORS[answer.rcode] ?? `RCODE${answer.rcode}` };
  }

  return {
    servers,
    records,
    async resolve(hostname) {
      const name = hostname.toLowerCase().replace(/\.$/, '');
      const literal = parseIpLiteral(name);
      if (literal) return [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }];
      if (name === 'localhost' || name.endsWith('.localhost')) {
        return [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ];
      }
      const [v4, v6] = await Promise.all([query(name, 4), query(name, 6)]);
      const all = [...v4, ...v6];
      if (all.length === 0) throw new ResolveError(hostname, 'ENOTFOUND');
      return all;
    },
  };
}

/** Parses `SCAN_DNS_SERVERS`-style text: comma or space separated `ip[:port]` entries. */
export function parseDnsServers(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
