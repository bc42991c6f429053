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
import { ACCOUNT_PAGES, isShortener, isUserContentHost } from '../url-knowledge/index.ts';
import { PathBrands } from './path-brands.ts';
import {
  FEATURE_COUNT,
  type HostFeatures,
  hostFeatures,
  type PathFeatures,
  pathFeatures,
  platformPathGrams,
  urlFeatures,
  type UrlFeatureSet,
} from './url-features.ts';
import { defaultUrlModel, type ModelOutcome, type UrlModel } from './url-model.ts';
import { defaultPopularityIndex, type PopularityIndex } from '../popularity/index.ts';

export type VerdictEngineOptions = {
  /** Known-bad URLs, hosts and domains; leave out to judge without feeds. */
  reputation?: ReputationIndex | null;
  lookalikes?: LookalikeIndex;
  brands?: BrandMatcher;
  allowlist?: Allowlist;
  model?: UrlModel;
  pathBrands?: PathBrands;
  /** The popularity prior (rank buckets of a top-sites ranking); the shipped one unless given, none with null. */
  popularity?: PopularityIndex | null;
};

export type VerdictOptions = {
  /**
   * Reputation sources that are not evidence here: a scan of a URL must not count our own earlier
   * verdict on it (source `riskscan`), or a wrong verdict could never be corrected by a rescan.
   */
  ignoreSources?: ReadonlySet<string>;
};

export type VerdictEngine = {
  /**
   * The verdict on one URL or bare domain, from the URL alone (nothing is fetched). `extra`
   * adds signals found elsewhere, such as an external reputation service's matches.
   */
  verdict(input: string, extra?: Signal[], options?: VerdictOptions): Verdict | VerdictError;
  /**
   * The learned model's inputs for a URL (null when it is not one), for training and evaluation;
   * `asStranger` computes them as if the domain belonged to nobody (see `findAsStranger`).
   */
  features(input: string, options?: { asStranger?: boolean; withoutPopularity?: boolean }): UrlFeatureSet | null;
};

let sharedLookalikes: LookalikeIndex | null = null;
let sharedBrands: BrandMatcher | null = null;
let sharedAllowlist: Allowlist | null = null;
let sharedPathBrands: PathBrands | null = null;
let sharedFamilyLabels: Set<string> | null = null;

// Country endings big brands run their local sites on (`brand.com.au`, `brand.co.uk`): a brand's
// own name there, with nothing added, is its family rather than a look-alike.
// prettier-ignore
const BRAND_COUNTRY_ENDINGS = new Set([
  'com.au', 'co.uk', 'uk', 'de', 'fr', 'es', 'it', 'nl', 'be', 'at', 'ch', 'se', 'no', 'dk', 'fi', 'pl', 'pt', 'ie', 'cz',
  'com.br', 'com.mx', 'com.co', 'com.ar', 'com.pe', 'cl', 'ca', 'us', 'co.jp', 'jp', 'in', 'co.in', 'co.nz', 'com.sg', 'sg',
  'com.hk', 'hk', 'com.tr', 'co.za', 'co.kr', 'kr', 'com.tw', 'tw', 'com.my', 'co.id', 'com.ph', 'ae', 'sa', 'com.sa', 'il', 'co.il',
  'gr', 'hu', 'ro', 'sk', 'lu', 'com.ec', 'com.uy', 'com.ve', 'com.pa', 'com.do', 'com.gt', 'com.vn', 'co.th', 'com.eg', 'ma',
]);
// A shortened link says nothing about where it leads: never Secure, not yet a finding either.
const SHORTENER_SCORE = 40;
// `api.telegram.org/bot<id>:<secret>/sendMessage`: a bot's own address with its secret, which
// no one shares in a link; kits post stolen credentials there.
const BOT_API = /^\/bot\d{5,}:[\w-]{30,}(\/|$)/;
const BOT_API_HOSTS = new Set(['api.telegram.org']);
const BOT_API_SCORE = 75;

/** The names of the catalogue brands' own domains (`paypal` of paypal.com), at least four letters long. */
function familyLabels(): Set<string> {
  if (!sharedFamilyLabels) {
    sharedFamilyLabels = new Set();
    for (const domain of brandCatalogue().byDomain.keys()) {
      const label = hostParts(domain).label;
      if (label && label.length >= 4) sharedFamilyLabels.add(label);
    }
  }
  return sharedFamilyLabels;
}

/** The brand names finder for paths, built once per process. */
export function defaultPathBrands(): PathBrands {
  sharedPathBrands ??= new PathBrands(brandCatalogue());
  return sharedPathBrands;
}
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
  const pathBrands = options.pathBrands ?? defaultPathBrands();
  const popularity = options.popularity === undefined ? defaultPopularityIndex() : options.popularity;
  // A tenant of a platform that serves anyone's content is not the platform: its rank is none.
  const bucketOf = (parts: HostParts) => (popularity && !isUserContentHost(parts.host) ? popularity.bucketOf(parts.domain) : 0);
  const families = familyLabels();
  const hosts = new Map<string, HostFeatures>();
  const paths = new Map<string, PathFeatures>();
  const outcomes = new Map<string, ModelOutcome>();
  const scratch = new Float64Array(FEATURE_COUNT);
  const partsByHost = new Map<string, HostParts>();

  // Logs repeat hosts: a host is split into its parts once (the public-suffix walk was a tenth of a
  // verdict's time).
  const partsOf = (hostname: string): HostParts => {
    let parts = partsByHost.get(hostname);
    if (!parts) {
      parts = hostParts(hostname);
      if (partsByHost.size >= HOST_MEMO_LIMIT) partsByHost.clear();
      partsByHost.set(hostname, parts);
    }
    return parts;
  };

  const featuresOfPath = (url: URL): PathFeatures | null => {
    if (url.pathname.length <= 1 && url.search === '') return null;
    const key = url.pathname + url.search;
    let known = paths.get(key);
    if (!known) {
      known = pathFeatures(url.pathname, url.search, pathBrands);
      if (paths.size >= HOST_MEMO_LIMIT) paths.clear();
      paths.set(key, known);
    }
    return known;
  };

  // A brand's own name under a country ending, with no subdomain but www: the brand's family.
  const isBrandFamily = (parts: HostParts) =>
    parts.label !== null &&
    parts.suffix !== null &&
    BRAND_COUNTRY_ENDINGS.has(parts.suffix) &&
    (parts.subdomain === '' || parts.subdomain === 'www') &&
    families.has(parts.label);

  const featuresOfHost = (parts: HostParts): HostFeatures => {
    let known = hosts.get(parts.host);
    if (!known) {
      // A brand's own domain or a top site imitates nobody.
      const owned = parts.domain !== null && (lookalikes.isProtected(parts.domain) || brands.isBrandDomain(parts.domain));
      const family = !owned && isBrandFamily(parts);
      // A brand's own account on a code host's pages (`microsoft.github.io`, decision 607): none
      // of the 4,461 such hosts of the 2025 phishing slice is named exactly as a brand.
      const account = parts.suffix !== null && ACCOUNT_PAGES.has(parts.suffix) && parts.label !== null && families.has(parts.label);
      known =
        owned || family || account
          ? hostFeatures(parts, [], [], family, bucketOf(parts))
          : hostFeatures(parts, lookalikes.find(parts), brands.find(parts), false, bucketOf(parts));
      if (hosts.size >= HOST_MEMO_LIMIT) hosts.clear();
      hosts.set(parts.host, known);
    }
    return known;
  };

  return {
    verdict(input, extra = [], { ignoreSources }: VerdictOptions = {}) {
      const normalized = normalizeScanUrl(input);
      if (!normalized.ok) return { url: input, error: normalized.message };
      const url = normalized.url;
      const parts = partsOf(url.hostname);
      const signals: Signal[] = [...extra];
      if (reputation)
        for (const hit of reputation.match({ urlKey: urlKey(url), parts })) {
          const sources = ignoreSources ? hit.sources.filter((source) => !ignoreSources.has(source)) : hit.sources;
          if (sources.length > 0) signals.push(reputationSignal({ ...hit, sources }));
        }
      const userinfo = userinfoLure(url, lookalikes);
      if (userinfo) signals.push(userinfo);
      if (BOT_API_HOSTS.has(parts.host) && BOT_API.test(url.pathname))
        signals.push({
          code: 'bot_api_secret',
          risk_score: BOT_API_SCORE,
          message:
            "The address is a chat bot's programming interface with the bot's secret in it, where phishing kits send what victims type.",
          classification: CLASSIFICATIONS.phishing,
          beatsAllowlist: true,
        });
      if (isShortener(parts.host)) {
        // The model cannot judge a destination it cannot see; the full scan and triage expand it.
        signals.push({
          code: 'unknown_until_expanded',
          risk_score: SHORTENER_SCORE,
          message: 'The address is a link shortener: where it leads is unknown until it is expanded.',
          classification: null,
          beatsAllowlist: true,
        });
        return { ...combineSignals(url.href, signals, false, null), unknown_until_expanded: true };
      }
      // On a user-content host the tenant speaks, not the platform: the model judges it, while a
      // listing of the whole trusted domain still does not condemn it.
      const trusted = parts.domain !== null && allowlist.has(parts.domain);
      const tenant = trusted && isUserContentHost(parts.host);
      const allowlisted = trusted && !tenant;
      let outcome: ModelOutcome | null = null;
      // Logs repeat whole URLs too: the model's outcome is remembered per URL.
      if (!allowlisted) outcome = outcomes.get(url.href) ?? null;
      if (!allowlisted && !outcome) {
        const host = featuresOfHost(parts);
        const path = featuresOfPath(url);
        // The n-grams' weights are summed once per host and once per path.
        host.gramSum ??= model.hostGramSum(host.grams, host.facts, host.values);
        let pathSum = 0;
        if (path && host.platformHost) {
          if (Number.isNaN(path.platformGramSum)) path.platformGramSum = model.gramSum(platformPathGrams(path));
          pathSum = path.platformGramSum;
        } else if (path) {
          if (Number.isNaN(path.gramSum)) path.gramSum = model.gramSum(path.grams);
          pathSum = path.gramSum;
        }
        outcome = model.judge(urlFeatures(url, host, path, scratch), host.gramSum + pathSum);
        if (outcomes.size >= HOST_MEMO_LIMIT) outcomes.clear();
        outcomes.set(url.href, outcome);
      }
      const counted = tenant ? signals.filter((signal) => signal.beatsAllowlist) : signals;
      return combineSignals(url.href, counted, allowlisted, outcome);
    },
    features(input, { asStranger = false, withoutPopularity = false } = {}) {
      const normalized = normalizeScanUrl(input);
      if (!normalized.ok) return null;
      const parts = hostParts(normalized.url.hostname);
      const rank = withoutPopularity ? 0 : bucketOf(parts);
      const host = asStranger
        ? isBrandFamily(parts)
          ? hostFeatures(parts, [], [], true, rank)
          : hostFeatures(parts, lookalikes.findAsStranger(parts), brands.find(parts), false, rank)
        : withoutPopularity
          ? hostFeatures(parts, lookalikes.find(parts), brands.find(parts), isBrandFamily(parts), 0)
          : featuresOfHost(parts);
      const { pathname, search } = normalized.url;
      const path = pathname.length > 1 || search !== '' ? pathFeatures(pathname, search, pathBrands) : null;
      return urlFeatures(normalized.url, host, path);
    },
  };
}
