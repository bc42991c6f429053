import { isBadPort, isForbiddenAddress, isInternalHostName, parseIpLiteral } from './address-policy.ts';
import { ResolveError, type HostResolver, type ResolvedAddress } from './resolver.ts';

export { isForbiddenAddress, isInternalHostName, parseIpLiteral } from './address-policy.ts';

/**
 * The one rule for every connection made on a user's behalf. `allowPrivateNetworks` lifts the
 * address and internal-name rules; only `SCAN_ALLOW_PRIVATE_NETWORKS=true` (tests, local
 * fixtures) sets it, production never does.
 */
export interface EgressPolicy {
  resolver: HostResolver;
  allowPrivateNetworks?: boolean;
  /**
   * Single addresses treated as public although they are not: tests use a second loopback
   * address as the stand-in for a public site. Never set in production.
   */
  exemptAddresses?: readonly string[];
}

export type EgressRefusal =
  'forbidden_scheme' | 'forbidden_port' | 'forbidden_address' | 'internal_host' | 'credentials_to_internal_host' | 'unresolvable_host';

export class EgressRefusedError extends Error {
  constructor(
    readonly code: EgressRefusal,
    readonly target: string,
    message: string,
  ) {
    super(message);
    this.name = 'EgressRefusedError';
  }
}

/** Where a checked connection goes: the very address that passed the check, never a fresh lookup. */
export interface PinnedTarget {
  hostname: string;
  port: number;
  address: ResolvedAddress;
}

/**
 * Resolves `host` with the scanner's resolver and returns the address to connect to, refusing
 * the host when any of its addresses is forbidden (a name with one public and one private
 * record is a rebinding setup, not a public site). Usable by a forward proxy for CONNECT targets.
 */
export async function assertPublicHost(host: string, policy: EgressPolicy): Promise<ResolvedAddress> {
  const hostname = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const literal = parseIpLiteral(hostname);
  if (!literal && !policy.allowPrivateNetworks && isInternalHostName(hostname)) {
    throw new EgressRefusedError('internal_host', hostname, `Refused: ${hostname} names a host on a private network`);
  }
  // A name that does not exist and a name with a private address get one message: telling them
  // apart would let anyone map which internal names exist (issue 29).
  const noPublicAddress = `Refused: ${hostname} does not resolve to a public address`;
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.resolver.resolve(hostname);
  } catch (error) {
    if (error instanceof ResolveError) {
      throw new EgressRefusedError('unresolvable_host', hostname, noPublicAddress);
    }
    throw error;
  }
  if (!policy.allowPrivateNetworks) {
    const exempt = new Set(policy.exemptAddresses ?? []);
    const forbidden = addresses.find((entry) => isForbiddenAddress(entry.address) && !exempt.has(entry.address));
    if (forbidden) {
      // The address itself stays out of the message: results are shown to whoever asked, and an
      // internal address is what an attacker scanning internal names is after.
      throw new EgressRefusedError('forbidden_address', hostname, literal ? `Refused: ${hostname} is not public` : noPublicAddress);
    }
  }
  // Prefer IPv4: the fixtures and most sites answer there; both families passed the check.
  const chosen = addresses.find((entry) => entry.family === 4) ?? addresses[0];
  if (!chosen) throw new EgressRefusedError('unresolvable_host', hostname, `Refused: ${hostname} has no address`);
  return chosen;
}

/**
 * True when the URL's host is internal by name or literal address, whatever the policy allows:
 * what is never connected to for a credentialed URL, and never published (board, feeds).
 */
export function isInternalUrl(url: URL): boolean {
  const literal = parseIpLiteral(url.hostname);
  return literal ? isForbiddenAddress(url.hostname) : isInternalHostName(url.hostname);
}

export function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/**
 * Checks a URL before any byte leaves: http(s) only, no bad ports, no credentials towards an
 * internal host, and a public address for its host. Returns the pinned target to connect to.
 */
export async function checkEgressTarget(url: URL, policy: EgressPolicy): Promise<PinnedTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EgressRefusedError('forbidden_scheme', url.href, `Refused: only http and https URLs are fetched, not ${url.protocol}`);
  }
  const port = defaultPort(url);
  if (isBadPort(port)) {
    throw new EgressRefusedError('forbidden_port', url.href, `Refused: port ${port} is not a web port`);
  }
  if ((url.username || url.password) && isInternalUrl(url)) {
    throw new EgressRefusedError('credentials_to_internal_host', url.href, 'Refused: credentials in a URL towards an internal host');
  }
  const address = await assertPublicHost(url.hostname, policy);
  return { hostname: url.hostname.replace(/^\[|\]$/g, ''), port, address };
}
