import type { Verdict, VerdictError } from '@riskscan/contracts';
import { brandCatalogue } from '../brand/brand-catalogue.ts';
import { BrandMatcher } from '../brand/brand-matcher.ts';
import { LookalikeIndex } from '../brand/lookalike-index.ts';
import { TOP_SITES } from '../brand/top-sites.ts';
import { type Allowlist, defaultAllowlist } from '../intel/allowlist.ts';
import { type HostParts, hostParts } from '../url/host-parts.ts';
import type { ReputationIndex } from '../intel/reputation-index.ts';
import { urlKey } from '../intel/url-key.ts';
import { normalizeScanUrl } from '@riskscan/contracts';
import { combineSignals } from './combine-signals.ts';
import { reputationSignal } from './reputation-signals.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';
import { FEATURE_COUNT, type HostFeatures, hostFeatures, urlFeatures } from './url-features.ts';
import { defaultUrlModel, type UrlModel } from './url-model.ts';

export type VerdictEngineOptions = {
  /** Known-bad URLs, hosts and domains; leave out to judge without feeds. */
  reputation?: ReputationIndex | null;
  lookalikes?: LookalikeIndex;
  brands?: BrandMatcher;
  allowlist?: Allowlist;
  model?: UrlModel;
};

export type VerdictEngine = {
  /**
   * The verdict on one URL or bare domain, from the URL alone (nothing is fetched). `extra`
   * adds signals found elsewhere, such as an external reputation service's matches.
   */
  verdict(input: string, extra?: Signal[]): Verdict | VerdictError;
  /**
   * The learned model's inputs for a URL (null when it is not one), for training and evaluation;
   * `asStranger` computes them as if the domain belonged to nobody (see `findAsStranger`).
   */
  features(input: string, options?: { asStranger?: boolean }): Float64Array | null;
};

let sharedLookalikes: LookalikeIndex | null = null;
let sharedBrands: BrandMatcher | null = null;
let sharedAllowlist: Allowlist | null = null;
// Logs repeat the same hosts over and over; past this many remembered hosts we start afresh.
const HOST_MEMO_LIMIT = 100_000;

/** The look-alike index over the brand catalogue and top sites, built once per process. */
export function defaultLookalikeIndex(): LookalikeIndex {
  sharedLookalikes ??= new LookalikeIndex(brandCatalogue(), TOP_SITES);
  return sharedLookalikes;
}

/** The brand-name matcher over the whole catalogue, built once per process. */
export function defaultBrandMatcher(): BrandMatcher {
  sharedBrands ??= new BrandMatcher(brandCatalogue());
  return sharedBrands;
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
 * The fast verdict: the learned model over the URL's features (look-alikes of protected domains,
 * brand names anywhere in the host, lure wording, host structure) plus reputation hits, combined
 * into one score. Everything it consults sits in memory.
 */
export function createVerdictEngine(options: VerdictEngineOptions = {}): VerdictEngine {
  const lookalikes = options.lookalikes ?? defaultLookalikeIndex();
  const brands = options.brands ?? defaultBrandMatcher();
  const allowlist = options.allowlist ?? sharedDefaultAllowlist();
  const model = options.model ?? defaultUrlModel();
  const reputation = options.reputation ?? null;
  const hosts = new Map<string, HostFeatures>();
  const scratch = new Float64Array(FEATURE_COUNT);

  const featuresOfHost = (parts: HostParts): HostFeatures => {
    let known = hosts.get(parts.host);
    if (!known) {
      // A brand's own domain or a top site imitates nobody.
      const owned = parts.domain !== null && (lookalikes.isProtected(parts.domain) || brands.isBrandDomain(parts.domain));
      known = owned ? hostFeatures(parts, [], []) : hostFeatures(parts, lookalikes.find(parts), brands.find(parts));
      if (hosts.size >= HOST_MEMO_LIMIT) hosts.clear();
      hosts.set(parts.host, known);
    }
    return known;
  };

  return {
    verdict(input, extra = []) {
      const normalized = normalizeScanUrl(input);
      if (!normalized.ok) return { url: input, error: normalized.message };
      const url = normalized.url;
      const parts = hostParts(url.hostname);
      const signals: Signal[] = [...extra];
      if (reputation) for (const hit of reputation.match({ urlKey: urlKey(url), parts })) signals.push(reputationSignal(hit));
      const userinfo = userinfoLure(url, lookalikes);
      if (userinfo) signals.push(userinfo);
      const allowlisted = parts.domain !== null && allowlist.has(parts.domain);
      const host = featuresOfHost(parts);
      const outcome = allowlisted ? null : model.judge(urlFeatures(url, host, scratch), host.facts);
      return combineSignals(url.href, signals, allowlisted, outcome);
    },
    features(input, { asStranger = false } = {}) {
      const normalized = normalizeScanUrl(input);
      if (!normalized.ok) return null;
      const parts = hostParts(normalized.url.hostname);
      const host = asStranger ? hostFeatures(parts, lookalikes.findAsStranger(parts), brands.find(parts)) : featuresOfHost(parts);
      return urlFeatures(normalized.url, host);
    },
  };
}
