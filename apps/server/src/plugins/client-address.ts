import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail converted). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Groups in the shortest form: leading zeros dropped, the longest run of zero groups as `::`. */
function formatIpv6(groups: readonly number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length += 1;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/**
 * The key a client address is counted under wherever an IP is a key (rate limits, sign-in
 * throttle, free scans): an IPv4 address itself, an IPv6 address by its network of
 * `ipv6PrefixBits` (`RATE_LIMIT_IPV6_PREFIX`, 64 by default), since one subscriber holds a whole
 * /64 and could otherwise count as 2^64 clients.
 */
export function addressKey(ip: string, ipv6PrefixBits: number): string {
  const address = ip.replace(/%.*$/, '');
  if (isIP(address) !== 6) return address;
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address.slice(7);
  const groups = ipv6Groups(address).map((group, index) => {
    const keep = Math.max(0, Math.min(16, ipv6PrefixBits - index * 16));
    return keep === 0 ? 0 : group & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${formatIpv6(groups)}/${ipv6PrefixBits}`;
}
