import { defineCheck, type Check, type Finding } from './check.ts';
import type { IpIntelligence } from '../extended/ip-intelligence.ts';

/** Below this many scans a network's share of bad ones says little. */
const MIN_SCANS = 5;
/** Listing means the whole network serves crime; a medium signal, so an honest page there is not condemned alone. */
const LISTED_NETWORK_SCORE = 50;
/** Shared hosting puts hundreds of sites on one address; past this many, a site has a crowded, often cheap, neighbourhood. */
const CROWDED_DOMAINS = 50;

const IP_DETAILS = [
  {
    name: 'ip_abusive_network',
    title: 'Abusive network',
    background_info: 'Looks at how many earlier public scans of sites on the same network (autonomous system) found them risky.',
    explanation:
      'Phishing and malware cluster on networks that ignore abuse reports ("bulletproof" hosting); a site there shares that risk.',
    clean: 'Scans here found no pattern of abuse on this network.',
  },
  {
    name: 'ip_bulletproof_hosting',
    title: 'Bulletproof-hosting network',
    background_info:
      'Looks the network (autonomous system) up in a blocklist of networks run by or for criminals, such as Spamhaus ASN-DROP.',
    explanation:
      'Bulletproof hosts ignore abuse reports and take down nothing; phishing kits, malware and scam shops rent space there because it stays up.',
    clean: 'The network is not on the configured blocklist of criminal networks, or no blocklist is configured.',
  },
  {
    name: 'ip_crowded_host',
    title: 'Many unrelated domains on one IP',
    background_info: 'Counts the other domains seen on the same IP address.',
    explanation:
      'Throw-away scam sites are parked by the hundred on one cheap server; a large, unrelated neighbourhood is a weak warning sign.',
    clean: 'The address is not shared by an unusual number of unrelated domains.',
  },
] as const;

/** The category's detail catalogue, for scan profiles. */
export const IP_CATALOGUE = { category: 'IP Reputation', details: IP_DETAILS };

type IpFindings = Partial<Record<(typeof IP_DETAILS)[number]['name'], Finding>>;

/** Pure: the hosting risk findings for one address. */
export function evaluateIp(intel: IpIntelligence): IpFindings {
  const findings: IpFindings = {};
  const reputation = intel.reputation;
  if (intel.asn && reputation && reputation.scans >= MIN_SCANS) {
    const share = reputation.malicious / reputation.scans;
    if (share >= 0.2) {
      findings.ip_abusive_network = {
        risk_score: share >= 0.5 ? 45 : 20,
        message: `${reputation.malicious} of ${reputation.scans} scanned sites on AS${intel.asn.asn} (${intel.asn.organisation}) were risky.`,
      };
    }
  }
  const listing = intel.listing;
  if (listing) {
    const where = [listing.name, listing.country].filter(Boolean).join(', ');
    findings.ip_bulletproof_hosting = {
      risk_score: LISTED_NETWORK_SCORE,
      message: `${intel.ip} is on AS${listing.asn}${where ? ` (${where})` : ''}, which ${listing.list} lists as a network run by or for criminals.`,
    };
  }
  if (intel.reverseDomains.length >= CROWDED_DOMAINS) {
    findings.ip_crowded_host = { risk_score: 15, message: `${intel.reverseDomains.length} other domains were seen on ${intel.ip}.` };
  }
  return findings;
}

/** The "IP Reputation" risk category for one scan's address. */
export const ipRiskCheck = (intel: IpIntelligence): Check => defineCheck(IP_CATALOGUE.category, IP_DETAILS, () => evaluateIp(intel));
