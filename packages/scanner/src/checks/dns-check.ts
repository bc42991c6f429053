import { defineCheck, type Check, type Finding } from './check.ts';
import type { PageFacts } from '../page/page-facts.ts';
import { asksForSecrets } from '../page/sensitive-inputs.ts';
import { spfRecord, type DnsRecords } from '../extended/dns-records.ts';

/** Fast-flux networks rotate many bot addresses with TTLs of minutes (Honeynet Project, "Know Your Enemy: Fast-Flux"). */
const FLUX_MIN_ADDRESSES = 5;
const FLUX_MAX_TTL_SECONDS = 300;

const DNS_DETAILS = [
  {
    name: 'dns_fast_flux',
    title: 'Fast-flux DNS',
    background_info: 'Looks at how many addresses the host name has and how long resolvers may cache them.',
    explanation: 'Many addresses with very short lifetimes are how botnets hide phishing and malware hosts behind ever-changing machines.',
    clean: 'The host name does not rotate many short-lived addresses.',
  },
  {
    name: 'dns_no_mail_policy',
    title: 'Mail policy',
    background_info: 'Looks for SPF and DMARC records on a domain whose page asks for passwords, card numbers or wallet phrases.',
    explanation:
      'Legitimate sites that take sign-ins protect their domain against forged mail; throw-away phishing domains rarely publish a mail policy.',
    clean: 'The domain publishes a mail policy, or the page asks for no secrets.',
  },
  {
    name: 'dns_dangling_cname',
    title: 'Dangling CNAME',
    background_info: 'Follows the host name’s CNAME record to the name it points at.',
    explanation: 'An alias pointing at a name that no longer exists can be claimed by anyone, who then serves content under this domain.',
    clean: 'The host name has no alias to a missing name.',
  },
] as const;

/** The category's detail catalogue, for scan profiles. */
export const DNS_CATALOGUE = { category: 'DNS Records', details: DNS_DETAILS };

type DnsFindings = Partial<Record<(typeof DNS_DETAILS)[number]['name'], Finding>>;

/** Pure: the DNS risk findings for the records found and the final page. */
export function evaluateDns(records: DnsRecords, page: PageFacts | null): DnsFindings {
  const findings: DnsFindings = {};
  const maxTtl = Math.max(...records.a.map((entry) => entry.ttl));
  if (records.a.length >= FLUX_MIN_ADDRESSES && maxTtl <= FLUX_MAX_TTL_SECONDS) {
    findings.dns_fast_flux = { risk_score: 60, message: `${records.a.length} addresses with TTLs of at most ${maxTtl} seconds.` };
  }
  if (page && asksForSecrets(page)) {
    const missing = [spfRecord(records) ? null : 'SPF', records.dmarc.length > 0 ? null : 'DMARC'].filter((name) => name !== null);
    if (missing.length > 0) {
      findings.dns_no_mail_policy = {
        risk_score: missing.length === 2 ? 30 : 15,
        message: `The page asks for secrets but ${records.domain} has no ${missing.join(' or ')} record.`,
      };
    }
  }
  if (records.danglingCname) {
    findings.dns_dangling_cname = {
      risk_score: 50,
      message: `${records.hostname} is an alias of ${records.danglingCname}, which does not resolve.`,
    };
  }
  return findings;
}

/** The "DNS Records" risk category for one scan's records. */
export const dnsRiskCheck = (records: DnsRecords): Check =>
  defineCheck(DNS_CATALOGUE.category, DNS_DETAILS, (_collected, context) => evaluateDns(records, context.page));
