import { parse } from 'tldts';

/** The pieces of a host name the reputation and look-alike checks match on. */
export type HostParts = {
  /** Lower-case host without a trailing dot (IDNs in their xn-- form, as URLs carry them). */
  host: string;
  /** Registrable domain (`example.co.uk`); private suffixes such as `github.io` count as suffixes. */
  domain: string | null;
  /** The registrable domain without its suffix (`example`). */
  label: string | null;
  subdomain: string;
  suffix: string | null;
  isIp: boolean;
};

// Private suffixes make `victim.github.io` its own registrable domain, so one bad page on a
// shared host does not condemn the host's every tenant.
const PARSE_OPTIONS = { allowPrivateDomains: true, extractHostname: false, validateHostname: false } as const;

export function hostParts(hostname: string): HostParts {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const parsed = parse(host, PARSE_OPTIONS);
  return {
    host,
    domain: parsed.domain,
    label: parsed.domainWithoutSuffix,
    subdomain: parsed.subdomain ?? '',
    suffix: parsed.publicSuffix,
    isIp: parsed.isIp === true,
  };
}
