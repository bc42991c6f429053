import type { TakedownCase } from '@riskscan/contracts';

export type AbuseReportFacts = Pick<TakedownCase, 'domain' | 'registrar' | 'hosting' | 'evidence'> & {
  /** The watched domain the look-alike imitates. */
  watchedDomain: string;
  /** The scan report's public address, when there is a scan. */
  reportUrl: string | null;
  reportedAt: Date;
};

/** `https://a.example/x` → `hxxps://a[.]example/x`: abuse desks expect links that no mail client makes clickable. */
export const defang = (text: string) => text.replace(/^http/i, 'hxxp').replace(/\./g, '[.]');

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'unknown');
const orUnknown = (text: string | null) => text ?? 'unknown';

/**
 * The abuse report, in the shape registrars' and hosting companies' abuse desks work from: what
 * is abused and how, where it is (domain, URL, address, network), the evidence with dates, and
 * the action asked for. Registrars act on reports about the domain (ICANN RAA §3.18), hosts on
 * the content; the same report goes to both, each named.
 */
export function abuseReport(facts: AbuseReportFacts): string {
  const { evidence, registrar, hosting } = facts;
  const recipients = [
    registrar.abuse_email && `${registrar.abuse_email} (registrar: ${orUnknown(registrar.name)})`,
    hosting.abuse_email && `${hosting.abuse_email} (hosting: ${orUnknown(hosting.name)})`,
  ].filter(Boolean);
  const lines = [
    `Subject: Phishing and brand impersonation: ${facts.domain}`,
    `To: ${recipients.length > 0 ? recipients.join('; ') : 'no abuse contact was published in RDAP; send to the registrar and host named below'}`,
    '',
    'Dear abuse team,',
    '',
    `We report the domain ${facts.domain}, which imitates ${facts.watchedDomain} to deceive its users.`,
    'We ask the registrar to suspend the domain and the hosting provider to remove the content.',
    '',
    'Where it is',
    `  Domain:            ${facts.domain}`,
    `  Registrar:         ${orUnknown(registrar.name)}`,
    `  Registered:        ${day(registrar.registered_at)}`,
    `  Malicious URL:     ${evidence.final_url ? defang(evidence.final_url) : defang(`https://${facts.domain}/`)}`,
    `  IP address:        ${orUnknown(evidence.ip)}`,
    `  Hosting network:   ${[hosting.name, hosting.network, hosting.range, hosting.country].filter(Boolean).join(', ') || 'unknown'}`,
    '',
    'Evidence',
    `  Risk score:        ${evidence.risk_score ?? 'not scanned'}/100`,
    ...evidence.reasons.map((reason) => `  - ${reason}`),
    ...(facts.reportUrl ? [`  Scan report:       ${facts.reportUrl}`] : []),
    ...(evidence.screenshot_link ? [`  Screenshot:        ${evidence.screenshot_link}`] : []),
    ...(evidence.certificate
      ? [
          `  TLS certificate:   issued by ${orUnknown(evidence.certificate.issuer)} on ${day(evidence.certificate.valid_from)} for ${evidence.certificate.subject_alt_names.join(', ') || facts.domain}`,
        ]
      : []),
    '',
    'Timeline (UTC)',
    ...evidence.timeline.map((entry) => `  ${entry.at.slice(0, 16).replace('T', ' ')}  ${entry.event}`),
    '',
    'Requested action',
    '  Registrar: suspend the domain (clientHold) and preserve its registration records.',
    '  Hosting: remove the content and keep logs of who uploaded it.',
    '',
    `This report was prepared on ${day(facts.reportedAt.toISOString())} on behalf of the owner of ${facts.watchedDomain}.`,
    'Links are written with [.] so that they cannot be opened by mistake.',
  ];
  return `${lines.join('\n')}\n`;
}
