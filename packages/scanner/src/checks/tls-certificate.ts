import { NEEDS_PAGE } from './check-needs.ts';
import { defineCheck, type Finding, type NotRun } from './check.ts';

/** Phishing kits deploy on certificates a few days old; established sites rarely have one that fresh. */
const FRESH_DAYS = 7;
const RECENT_DAYS = 30;

const DETAILS = [
  {
    name: 'tls_missing',
    title: 'No encryption',
    background_info: 'Checks whether the final page is served over https.',
    explanation: 'Without https the connection can be read and altered; no organisation that asks for data should serve pages this way.',
    clean: 'The final page is served over https.',
  },
  {
    name: 'tls_invalid',
    title: 'Untrusted certificate',
    background_info: 'Verifies the certificate chain against trusted certificate authorities.',
    explanation:
      'A certificate no trusted authority vouches for proves nothing about who runs the site; browsers show a full-page warning.',
    clean: 'The certificate chains to a trusted authority.',
  },
  {
    name: 'tls_self_signed',
    title: 'Self-signed certificate',
    background_info: 'Checks whether the certificate was signed by its own key instead of an authority.',
    explanation: 'Anyone can make a self-signed certificate for any name, so it gives no assurance of identity.',
    clean: 'The certificate is issued by an authority, not self-signed.',
  },
  {
    name: 'tls_expired',
    title: 'Expired certificate',
    background_info: 'Compares the certificate validity period with the current date.',
    explanation: 'An expired certificate means the site is unmaintained or the certificate was taken from somewhere else.',
    clean: 'The certificate is within its validity period.',
  },
  {
    name: 'tls_name_mismatch',
    title: 'Certificate name mismatch',
    background_info: 'Checks that the certificate names the host that was visited.',
    explanation: 'A certificate for another name means the server is not the site it claims to be, or it is misconfigured.',
    clean: 'The certificate names the visited host.',
  },
  {
    name: 'tls_recently_issued',
    title: 'Recently issued certificate',
    background_info: 'Counts the days since the certificate was issued.',
    explanation:
      'Phishing sites live for days and get a fresh certificate when they go up; on its own a new certificate is normal after a renewal.',
    clean: 'The certificate was not issued in the last days.',
  },
] as const;

type Name = (typeof DETAILS)[number]['name'];

/** Every certificate detail marked as not run, with why: nothing is said about a certificate nobody saw. */
function certificateNotRun(why: string): Partial<Record<Name, NotRun>> {
  const certificateDetails = DETAILS.filter((detail) => detail.name !== 'tls_missing');
  return Object.fromEntries(certificateDetails.map((detail) => [detail.name, { not_run: `Not run: ${why}` }]));
}

export const tlsCertificateCheck = defineCheck('TLS Certificate', DETAILS, NEEDS_PAGE, (collected, { final }) => {
  const findings: Partial<Record<Name, Finding | NotRun>> = {};
  if (!collected.response) return findings;
  if (final.scheme === 'http') {
    return {
      ...certificateNotRun('the page is served over plain http, so there is no certificate to check.'),
      tls_missing: { risk_score: 25, message: `The final page ${final.hostname} is served over plain http.` },
    };
  }
  const tls = collected.tls;
  if (!tls) return certificateNotRun('the certificate could not be read.');

  if (tls.selfSigned)
    findings.tls_self_signed = { risk_score: 55, message: `The certificate for ${tls.subject ?? final.hostname} is self-signed.` };
  else if (!tls.trusted && !tls.expired && tls.hostnameMatches) {
    findings.tls_invalid = {
      risk_score: 50,
      message: `The certificate is not trusted (${tls.error ?? 'unknown reason'}); issuer: ${tls.issuer ?? 'unknown'}.`,
    };
  }
  if (tls.expired) findings.tls_expired = { risk_score: 45, message: `The certificate expired on ${tls.validTo?.slice(0, 10)}.` };
  if (!tls.hostnameMatches) {
    findings.tls_name_mismatch = {
      risk_score: 55,
      message: `The certificate is for ${[tls.subject, ...tls.subjectAltNames].filter(Boolean).slice(0, 4).join(', ')}, not for ${final.hostname}.`,
    };
  }
  if (tls.daysSinceIssue !== null && tls.daysSinceIssue < RECENT_DAYS) {
    findings.tls_recently_issued = {
      risk_score: tls.daysSinceIssue < FRESH_DAYS ? 25 : 10,
      message: `The certificate was issued ${tls.daysSinceIssue} day(s) ago by ${tls.issuerOrganization ?? tls.issuer ?? 'an unknown issuer'}.`,
    };
  }
  return findings;
});
