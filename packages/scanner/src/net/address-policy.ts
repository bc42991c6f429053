import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

const cidrs = (ranges: readonly string[]): Cidr[] => ranges.map((range) => ipaddr.parseCIDR(range));

/**
 * IPv4 ranges a scan must never reach: this-network, private, CGNAT, loopback, link-local (cloud
 * metadata lives at 169.254.169.254), IETF protocol assignments, documentation, 6to4 relay,
 * benchmarking, multicast, reserved and broadcast (IANA special-purpose registry).
 */
const FORBIDDEN_IPV4 = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
]);

/** Only global unicast IPv6 is reachable on purpose; everything outside 2000::/3 is refused. */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/**
 * Special ranges inside 2000::/3: IETF protocol assignments (Teredo, ORCHID, benchmarking: the
 * Teredo client address is obfuscated, so the whole block is refused), documentation, 6to4 is
 * handled by its embedded IPv4 address below, and SRv6 SIDs.
 */
const FORBIDDEN_IPV6_IN_GLOBAL = cidrs(['2001::/23', '2001:db8::/32', '3fff::/20', '5f00::/16']);

/**
 * NAT64 prefixes and the RFC 6052 prefix lengths their IPv4 address may be embedded with. The
 * well-known prefix is always /96; inside the local-use 64:ff9b:1::/48 the operator picks /48,
 * /56, /64 or /96, which we cannot know, so every one of those layouts is read.
 */
const NAT64_PREFIXES: readonly [Cidr, readonly number[]][] = [
  [ipaddr.parseCIDR('64:ff9b::/96'), [96]],
  [ipaddr.parseCIDR('64:ff9b:1::/48'), [48, 56, 64, 96]],
];

/** RFC 6052 §2.2: the bytes holding the IPv4 address per prefix length (bits 64-71, byte 8, are always skipped). */
const RFC6052_IPV4_BYTES: Readonly<Record<number, readonly number[]>> = {
  32: [4, 5, 6, 7],
  40: [5, 6, 7, 9],
  48: [6, 7, 9, 10],
  56: [7, 9, 10, 11],
  64: [9, 10, 11, 12],
  96: [12, 13, 14, 15],
};
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/**
 * Parses an IP literal the way a browser does (WHATWG host parser): `0x7f.1`, `2130706433`,
 * `0177.0.0.1` and `127.1` all mean 127.0.0.1, and IPv6 is normalised. Returns null for names.
 */
export function parseIpLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.includes(':')) {
    const withoutZone = bare.split('%')[0] ?? '';
    return ipaddr.IPv6.isValid(withoutZone) ? ipaddr.IPv6.parse(withoutZone) : null;
  }
  let canonical: string;
  try {
    canonical = new URL(`http://${bare}/`).hostname;
  } catch {
    return null;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(canonical) ? ipaddr.IPv4.parse(canonical) : null;
}

/** The IPv4 addresses an IPv6 address may stand for (several when the NAT64 layout is ambiguous); empty for none. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const bytes = address.toByteArray();
  const at = (positions: readonly number[]) => ipaddr.fromByteArray(positions.map((position) => bytes[position] ?? 0)) as ipaddr.IPv4;
  const last32 = () => at(RFC6052_IPV4_BYTES[96]!);
  if (address.isIPv4MappedAddress()) return [address.toIPv4Address()];
  // IPv4-compatible (::a.b.c.d, deprecated) and IPv4-translated (::ffff:0:a.b.c.d) forms.
  if (bytes.slice(0, 12).every((byte) => byte === 0)) return [last32()];
  if (bytes.slice(0, 8).every((byte) => byte === 0) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0)
    return [last32()];
  const nat64 = NAT64_PREFIXES.find(([range]) => address.match(range));
  if (nat64) return nat64[1].map((length) => at(RFC6052_IPV4_BYTES[length]!));
  if (address.match(SIX_TO_FOUR)) return [at([2, 3, 4, 5])];
  return [];
}

function isForbiddenIpv4(address: ipaddr.IPv4): boolean {
  return FORBIDDEN_IPV4.some((range) => address.match(range));
}

function isForbiddenIpv6(address: ipaddr.IPv6): boolean {
  const embedded = embeddedIpv4(address);
  if (embedded.length > 0) {
    // ::/128 and ::1 have all-zero leading bits too; they are never public.
    const bytes = address.toByteArray();
    if (bytes.slice(0, 15).every((byte) => byte === 0)) return true;
    return embedded.some(isForbiddenIpv4);
  }
  if (!address.match(GLOBAL_UNICAST_IPV6)) return true;
  return FORBIDDEN_IPV6_IN_GLOBAL.some((range) => address.match(range));
}

/**
 * True when a scan must not connect to this address: anything that is not a public unicast
 * address, in any of its spellings. Text that is no IP address at all is refused too (fail closed).
 */
export function isForbiddenAddress(ip: string): boolean {
  const address = parseIpLiteral(ip);
  if (!address) return true;
  return address.kind() === 'ipv4' ? isForbiddenIpv4(address as ipaddr.IPv4) : isForbiddenIpv6(address as ipaddr.IPv6);
}

/** Name suffixes that only ever mean a machine on a private network (RFC 6761, 6762, 8375 and common practice). */
const INTERNAL_NAME_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'private', 'home.arpa', 'localdomain'];

/** True for names that point into a private network whatever DNS says: single labels, `.local`, `.internal`… */
export function isInternalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.includes('.')) return true;
  return INTERNAL_NAME_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * Ports browsers refuse to fetch (WHATWG Fetch "bad port"): talking HTTP to mail, file-sharing or
 * chat services is a classic request-smuggling trick.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117,
  119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
  989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function isBadPort(port: number): boolean {
  return BAD_PORTS.has(port);
}
