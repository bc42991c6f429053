import { createHash } from 'node:crypto';
import type { Capture, Certificate, Hosting } from '@riskscan/contracts';
import type { TlsCertificateInfo } from '../net/tls-certificate.ts';
import { lookupAsn } from './asn-table.ts';
import { locateIp } from './ip-geo.ts';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Where an address is registered and who announces it, from the bundled tables (no network). */
export async function hostingOf(ip: string): Promise<Hosting> {
  const [location, as] = await Promise.all([locateIp(ip).catch(() => null), lookupAsn(ip).catch(() => null)]);
  const code = location?.countryCode ?? null;
  return {
    ip,
    country_code: code,
    country_name: code ? (countryNames.of(code) ?? code) : null,
    asn: as?.asn ?? null,
    as_name: as?.organisation ?? null,
  };
}

/** The capture's requests, each with its address's country and AS (one lookup per distinct address). */
export async function annotateRequestHosts(capture: Capture): Promise<Capture> {
  const addresses = [...new Set(capture.requests.flatMap((request) => (request.remote_ip ? [request.remote_ip] : [])))];
  const hosts = new Map(await Promise.all(addresses.map(async (ip) => [ip, await hostingOf(ip)] as const)));
  return {
    ...capture,
    requests: capture.requests.map((request) => {
      const host = request.remote_ip ? hosts.get(request.remote_ip) : undefined;
      return { ...request, country_code: host?.country_code ?? null, asn: host?.asn ?? null, as_name: host?.as_name ?? null };
    }),
  };
}

/** The report's view of the final host's certificate. */
export function certificateOf(tls: TlsCertificateInfo): Certificate {
  return {
    subject: tls.subject,
    issuer: tls.issuer,
    issuer_organization: tls.issuerOrganization,
    valid_from: tls.validFrom,
    valid_to: tls.validTo,
    subject_alt_names: tls.subjectAltNames,
    trusted: tls.trusted,
    ct_first_seen: null,
  };
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
