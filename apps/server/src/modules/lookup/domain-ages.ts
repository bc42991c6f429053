import { createResolver, lookupRegistration, type ScanNetworkOptions } from '@riskscan/scanner';

/** A domain's creation date as its registry gives it; null when unknown. */
export type AskRegistered = (domain: string) => Promise<Date | null>;

// A registry's answer holds for a day; registries rate-limit hard, so a miss is not asked again sooner.
const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_REMEMBERED = 50_000;
const CONCURRENCY = 4;
const RDAP_TIMEOUT_MS = 5_000;

/**
 * Registration dates of domains for the lookup API (issue 35), through RDAP with a cache: each
 * domain is asked at most once a day, a few at a time. Enrichment only: a registry that fails or
 * says nothing gives null, never an error.
 */
export class DomainAges {
  private readonly known = new Map<string, { at: number; registered: Date | null }>();

  constructor(
    private readonly ask: AskRegistered,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The creation dates of `domains` (each once), from the cache or the registries. */
  async of(domains: readonly string[]): Promise<Map<string, Date | null>> {
    const now = this.now().getTime();
    const answers = new Map<string, Date | null>();
    const toAsk: string[] = [];
    for (const domain of new Set(domains)) {
      const known = this.known.get(domain);
      if (known && now - known.at < KEEP_MS) answers.set(domain, known.registered);
      else toAsk.push(domain);
    }
    let next = 0;
    const worker = async () => {
      while (next < toAsk.length) {
        const domain = toAsk[next++]!;
        const registered = await this.ask(domain).catch(() => null);
        answers.set(domain, registered);
        if (this.known.size >= MAX_REMEMBERED) this.known.clear();
        this.known.set(domain, { at: now, registered });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, toAsk.length) }, worker));
    return answers;
  }
}

/** Asks the registries through RDAP (IANA bootstrap, or `bootstrapUrl`), through the scans' egress guard. */
export function rdapRegistered(network: ScanNetworkOptions, bootstrapUrl?: string): AskRegistered {
  const resolver = network.resolver ?? createResolver({ servers: network.dnsServers ?? [] });
  const fetchOptions = {
    resolver,
    allowPrivateNetworks: network.allowPrivateNetworks,
    exemptAddresses: network.exemptAddresses,
    trustedCertificates: network.trustedCertificates,
    connectPorts: network.connectPorts,
    timeoutMs: RDAP_TIMEOUT_MS,
  };
  return async (domain) => {
    const answer = await lookupRegistration(domain, { fetchOptions, ...(bootstrapUrl ? { bootstrapUrl } : {}), now: new Date() });
    const date = answer?.registered ? new Date(answer.registered) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  };
}
