import { checkServerIdentity, type PeerCertificate } from 'node:tls';
import type { PeerTls } from './guarded-fetch.ts';

/** The final host's certificate as the TLS checks read it. */
export interface TlsCertificateInfo {
  protocol: string | null;
  /** The chain verified against trusted roots and the name matched. */
  trusted: boolean;
  /** OpenSSL/Node reason when not trusted, e.g. `CERT_HAS_EXPIRED`, `DEPTH_ZERO_SELF_SIGNED_CERT`. */
  error: string | null;
  subject: string | null;
  issuer: string | null;
  issuerOrganization: string | null;
  subjectAltNames: string[];
  validFrom: string | null;
  validTo: string | null;
  selfSigned: boolean;
  hostnameMatches: boolean;
  expired: boolean;
  daysSinceIssue: number | null;
  daysToExpiry: number | null;
}

const DAY_MS = 86_400_000;
const SELF_SIGNED_ERRORS = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);

function field(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

function parseAltNames(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .split(/,\s*/)
    .map((entry) => entry.replace(/^(DNS|IP Address):/i, '').trim())
    .filter((entry) => entry !== '');
}

/** Turns what the TLS socket reported into plain facts, relative to `now`. */
export function describeCertificate(peer: PeerTls, hostname: string, now: Date): TlsCertificateInfo {
  const certificate = peer.certificate;
  const validFrom = certificate?.valid_from ? new Date(certificate.valid_from) : null;
  const validTo = certificate?.valid_to ? new Date(certificate.valid_to) : null;
  const subject = field(certificate?.subject?.CN);
  const issuer = field(certificate?.issuer?.CN);
  const sameNames =
    certificate !== null &&
    certificate.fingerprint256 !== undefined &&
    JSON.stringify(certificate.subject) === JSON.stringify(certificate.issuer);
  const hostnameMatches = certificate !== null && checkServerIdentity(hostname, certificate as PeerCertificate) === undefined;
  return {
    protocol: peer.protocol,
    trusted: peer.authorized,
    error: peer.authorizationError,
    subject,
    issuer,
    issuerOrganization: field(certificate?.issuer?.O),
    subjectAltNames: parseAltNames(certificate?.subjectaltname),
    validFrom: validFrom?.toISOString() ?? null,
    validTo: validTo?.toISOString() ?? null,
    selfSigned: sameNames || (peer.authorizationError !== null && SELF_SIGNED_ERRORS.has(peer.authorizationError)),
    hostnameMatches,
    expired: validTo !== null && validTo.getTime() < now.getTime(),
    daysSinceIssue: validFrom ? Math.floor((now.getTime() - validFrom.getTime()) / DAY_MS) : null,
    daysToExpiry: validTo ? Math.floor((validTo.getTime() - now.getTime()) / DAY_MS) : null,
  };
}
