import type { GeoLocation } from '@riskscan/contracts';
import { z } from 'zod';

/** A country a scan can leave from: its proxy, and how the scan options show it. */
export interface ScanLocation {
  code: string;
  name: string;
  /** Link to the locally served flag, e.g. `/flags/de.svg`. */
  icon: string;
  proxyUrl: string;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'a country code is two letters')
  .transform((code) => code.toUpperCase())
  .refine((code) => regionNames.of(code) !== code, 'not a known country code');

const proxyUrlSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      return ['http:', 'https:', 'socks:', 'socks4:', 'socks5:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'a proxy URL is http://, https:// or socks5://');

const jsonEntrySchema = z.object({ code: countryCodeSchema, url: proxyUrlSchema, name: z.string().min(1).optional() });

/** The country's English name, as the scan options and `geo_location` show it. */
export const countryName = (code: string) => regionNames.of(code.toUpperCase()) ?? code.toUpperCase();

/** Flags are served by the server itself (flag-icons' SVGs), never linked from elsewhere. */
export const flagPath = (code: string) => `/flags/${code.toLowerCase()}.svg`;

/**
 * Reads `SCAN_PROXIES`: a JSON array `[{"code":"DE","url":"http://…","name":"Germany"}]` or a list
 * `DE=http://…,US=http://…`. Throws a ZodError that names the bad entry.
 */
export function parseScanProxies(text: string, flagLink: (code: string) => string = flagPath): ScanLocation[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const entries = trimmed.startsWith('[')
    ? z.array(jsonEntrySchema).parse(JSON.parse(trimmed))
    : trimmed
        .split(/[,\n]/)
        .filter((part) => part.trim() !== '')
        .map((part) => {
          const at = part.indexOf('=');
          return jsonEntrySchema.parse({ code: at < 0 ? part : part.slice(0, at), url: at < 0 ? '' : part.slice(at + 1) });
        });
  const seen = new Set<string>();
  return entries.map((entry) => {
    if (seen.has(entry.code))
      throw new z.ZodError([{ code: 'custom', path: [entry.code], message: `country ${entry.code} is listed twice`, input: text }]);
    seen.add(entry.code);
    return { code: entry.code, name: entry.name ?? countryName(entry.code), icon: flagLink(entry.code), proxyUrl: entry.url };
  });
}

export interface LocationChoice {
  /** The upstream proxy to use; null: the server's own connection. */
  proxyUrl: string | null;
  geoLocation: GeoLocation;
}

/**
 * Where a scan runs from: the chosen country's proxy, or the server's own country when none is
 * chosen. Null when the code names no configured country (the caller answers with the `proxy` error).
 */
/** Where a scan ran when no country was chosen and the server's own (`SCAN_LOCATION`) is not set. */
export const SERVER_DEFAULT_LOCATION = { country_name: 'Server default', country_flag: '' } as const;

export function chooseLocation(
  locations: readonly ScanLocation[],
  serverCountry: string | null,
  code: string | null | undefined,
  flagLink: (code: string) => string = flagPath,
): LocationChoice | null {
  if (code) {
    const location = locations.find((entry) => entry.code === code.toUpperCase());
    return location ? { proxyUrl: location.proxyUrl, geoLocation: { country_name: location.name, country_flag: location.icon } } : null;
  }
  // SCAN_LOCATION unset: the scan left from the server's own network, whose country nobody configured.
  if (!serverCountry) return { proxyUrl: null, geoLocation: SERVER_DEFAULT_LOCATION };
  return { proxyUrl: null, geoLocation: { country_name: countryName(serverCountry), country_flag: flagLink(serverCountry) } };
}

/** The scan options' country list (`{code, name, icon}`), proxy URLs withheld. */
export const countryOptions = (locations: readonly ScanLocation[]) => locations.map(({ code, name, icon }) => ({ code, name, icon }));
