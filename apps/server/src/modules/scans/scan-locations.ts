import type { GeoLocation } from '@riskscan/contracts';
import type { ScanServiceConfig } from '../../config.ts';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The flag-icons class the web app renders for a country code. */
const flagClass = (code: string) => `fi fi-${code.toLowerCase()}`;

/** `geo_location` of a scan that left through `code`'s egress; Unknown without one. */
export function geoLocationOf(code: string | null): GeoLocation {
  if (!code) return { country_name: 'Unknown', country_flag: '' };
  return { country_name: countryNames.of(code) ?? code, country_flag: flagClass(code) };
}

/** The configured proxies as the scan options' country list (SPEC §3 Country option). */
export function countryOptions(proxies: ScanServiceConfig['proxies']) {
  return proxies.map((proxy) => ({ code: proxy.code, name: countryNames.of(proxy.code) ?? proxy.code, icon: flagClass(proxy.code) }));
}
