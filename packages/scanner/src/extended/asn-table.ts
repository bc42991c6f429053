import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';

export interface AsnEntry {
  asn: number;
  organisation: string;
}

/**
 * Sorted, non-overlapping ranges with their AS. IPv6 keys are the address's upper 64 bits: routed
 * IPv6 prefixes are at most /48 long, so the lower half never decides the AS.
 */
interface RangeTable<Key extends number | bigint> {
  starts: ArrayLike<Key>;
  ends: ArrayLike<Key>;
  asns: Uint32Array;
  organisations: string[];
  organisationOf: Uint32Array;
}

const require = createRequire(import.meta.url);

/** Rows of `@ip-location-db/asn`'s `*-num.csv`: `start,end,asn,organisation` (the organisation CSV-quoted when needed). */
function parseRows<Key extends number | bigint>(
  text: string,
  key: (decimal: string) => Key,
  pack: (values: Key[]) => ArrayLike<Key>,
): RangeTable<Key> {
  const starts: Key[] = [];
  const ends: Key[] = [];
  const asns: number[] = [];
  const organisationOf: number[] = [];
  const organisations: string[] = [];
  const organisationIndex = new Map<string, number>();
  for (const line of text.split('\n')) {
    const first = line.indexOf(',');
    const second = line.indexOf(',', first + 1);
    const third = line.indexOf(',', second + 1);
    if (third < 0) continue;
    const raw = line.slice(third + 1).trimEnd();
    const organisation = raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw;
    let index = organisationIndex.get(organisation);
    if (index === undefined) {
      index = organisations.push(organisation) - 1;
      organisationIndex.set(organisation, index);
    }
    starts.push(key(line.slice(0, first)));
    ends.push(key(line.slice(first + 1, second)));
    asns.push(Number(line.slice(second + 1, third)));
    organisationOf.push(index);
  }
  // Typed arrays: a fraction of the memory of arrays of JS numbers or BigInts.
  return {
    starts: pack(starts),
    ends: pack(ends),
    asns: Uint32Array.from(asns),
    organisations,
    organisationOf: Uint32Array.from(organisationOf),
  };
}

function find<Key extends number | bigint>(table: RangeTable<Key>, value: Key): AsnEntry | null {
  let low = 0;
  let high = table.starts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (table.starts[middle]! > value) high = middle - 1;
    else if (table.ends[middle]! < value) low = middle + 1;
    else return { asn: table.asns[middle]!, organisation: table.organisations[table.organisationOf[middle]!]! };
  }
  return null;
}

const upper64 = (value: bigint) => value >> 64n;
const addressValue = (address: ipaddr.IPv4 | ipaddr.IPv6): bigint => BigInt(`0x${Buffer.from(address.toByteArray()).toString('hex')}`);

let v4: Promise<RangeTable<number>> | undefined;
let v6: Promise<RangeTable<bigint>> | undefined;

const load = (file: string) => readFile(require.resolve(`@ip-location-db/asn/${file}`), 'utf8');

/** The AS announcing an address, from the bundled RouteViews/DB-IP data (loaded once, on first use). */
export async function lookupAsn(address: string): Promise<AsnEntry | null> {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    v4 ??= load('asn-ipv4-num.csv').then((text) => parseRows(text, Number, (values) => Uint32Array.from(values)));
    return find(await v4, Number(addressValue(parsed)));
  }
  v6 ??= load('asn-ipv6-num.csv').then((text) =>
    parseRows(
      text,
      (decimal) => upper64(BigInt(decimal)),
      (values) => BigUint64Array.from(values),
    ),
  );
  return find(await v6, upper64(addressValue(parsed)));
}
