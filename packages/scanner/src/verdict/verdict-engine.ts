import type { Verdict, VerdictError } from '@riskscan/contracts';
import { brandCatalogue } from '../brand/brand-catalogue.ts';
import { LookalikeIndex } from '../brand/lookalike-index.ts';
import { TOP_SITES } from '../brand/top-sites.ts';
import { type Allowlist, defaultAllowlist } from '../intel/allowlist.ts';
import { hostParts } from '../url/host-parts.ts';
import type { ReputationIndex } from '../intel/reputation-index.ts';
import { urlKey } from '../intel/url-key.ts';
import { normalizeScanUrl } from '../url/normalize-scan-url.ts';
import { combineSignals } from './combine-signals.ts';
import { lexicalSignals } from './lexical-signals.ts';
import { lookalikeSignal } from './lookalike-signals.ts';
import { reputationSignal } from './reputation-signals.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';

export type VerdictEngineOptions = {
  /** Known-bad URLs, hosts and domains; leave out to judge without feeds. */
  reputation?: ReputationIndex | null;
  lookalikes?: LookalikeIndex;
  allowlist?: Allowlist;
};

export type VerdictEngine = {
  /**
   * The verdict on one URL or bare domain, from the URL alone (nothing is fetched). `extra`
   * adds signals found elsewhere, such as an external reputation service's matches.
   */
  verdict(input: string, extra?: Signal[]): Verdict | VerdictError;
};

let sharedLookalikes: LookalikeIndex | null = null;
let sharedAllowlist: Allowlist | null = null;

/** The look-alike index over the brand catalogue and top sites, built once per process. */
export function defaultLookalikeIndex(): LookalikeIndex {
  sharedLookalikes ??= new LookalikeIndex(brandCatalogue(), TOP_SITES);
  return sharedLookalikes;
}

function sharedDefaultAllowlist(): Allowlist {
  sharedAllowlist ??= defaultAllowlist(brandCatalogue(), TOP_SITES);
  return sharedAllowlist;
}

/**
 * `https://paypal.com@evil.example/` opens evil.example: a protected domain as the user name
 * before an @ sign is there only to be read as the host.
 */
function userinfoLure(url: URL, lookalikes: LookalikeIndex): Signal | null {
  if (!url.username) return null;
  let name: string;
  try {
    name = decodeURIComponent(url.username);
  } catch {
    return null; // not valid percent-encoding, so not a readable domain either
  }
  const shown = hostParts(name);
  if (!shown.domain || !lookalikes.isProtected(shown.domain)) return null;
  return {
    code: 'domain_in_userinfo',
    risk_score: 80,
    message: `The address shows ${shown.domain} before an @ sign, but opens ${url.hostname}.`,
    classification: CLASSIFICATIONS.brandImpersonation,
  };
}

export function isVerdictError(outcome: Verdict | VerdictError): outcome is VerdictError {
  return 'error' in outcome;
}

/**
 * The fast verdict: lexical signals, look-alikes of protected brands and top sites, brand tokens
 * and reputation hits, combined into one score. Everything it consults sits in memory.
 */
export function createVerdictEngine(options: VerdictEngineOptions = {}): VerdictEngine {
  const lookalikes = options.lookalikes ?? defaultLookalikeIndex();
  const allowlist = options.allowlist ?? sharedDefaultAllowlist();
  const reputation = options.reputation ?? null;

  return {
    verdict(input, extra = []) {
      const normalized = normalizeScanUrl(input);
      if (!normalized.ok) return { url: input, error: normalized.message };
      const url = normalized.url;
      const parts = hostParts(url.hostname);
      const signals: Signal[] = [...extra, ...lexicalSignals(url, parts)];
      if (reputation) for (const hit of reputation.match({ urlKey: urlKey(url), parts })) signals.push(reputationSignal(hit));
      for (const finding of lookalikes.find(parts)) signals.push(lookalikeSignal(finding));
      const userinfo = userinfoLure(url, lookalikes);
      if (userinfo) signals.push(userinfo);
      const allowlisted = parts.domain !== null && allowlist.has(parts.domain);
      return combineSignals(url.href, signals, allowlisted);
    },
  };
}
