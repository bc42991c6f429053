import trained from './url-model.json' with { type: 'json' };
import { ADDRESS_PATTERN_REASON, FEATURE_REASONS } from './feature-reasons.ts';
import { CLASSIFICATIONS, type Signal } from './signal.ts';
import { FEATURE_COUNT, FEATURE_NAMES, type FeatureFacts, type FeatureName, type Reason, type UrlFeatureSet } from './url-features.ts';
import { GRAM_BITS, GRAM_BUCKETS, type Grams } from './url-ngrams.ts';
import { MACHINE_HOSTS } from '../url-knowledge/index.ts';

const FEATURE_INDEX = Object.fromEntries(FEATURE_NAMES.map((name, index) => [name, index])) as Record<FeatureName, number>;

/** The learned verdict's weights as `npm run train:verdict` writes them (`url-model.json`). */
export type UrlModelWeights = {
  version: number;
  trained: string;
  features: string[];
  bias: number;
  weights: number[];
  /** The hashed n-grams' weights: 2^bits signed 16-bit integers, base64, each times `step`. */
  grams?: { bits: number; step: number; data: string };
  /** Maps the model's log-odds onto the score: 100 / (1 + e^-(slope·z + intercept)). */
  calibration?: { slope: number; intercept: number };
  /**
   * The n-gram weights a free platform's tenant's name is read with, when they were fitted apart
   * (`npm run train:verdict -- --tenant-grams`, decision 506): packed like `grams`. Without them
   * a tenant's name is read with `grams`.
   */
  tenantGrams?: { bits: number; step: number; data: string; trained?: string };
  /**
   * The n-gram weights a quiet own domain's host is read with (`readsAsOwnName`), fitted beside
   * honest registrable names (`npm run train:verdict -- --own-grams`, decision 517): packed like
   * `grams`, read at `level` more log-odds, and only where that says less than `grams` does.
   */
  ownGrams?: { bits: number; step: number; data: string; trained?: string; level?: number };
};

/** Unpacks n-gram weights stored as `UrlModelWeights.grams` is. */
export function unpackGrams(packedGrams: { bits: number; step: number; data: string }): Float32Array {
  const out = new Float32Array(GRAM_BUCKETS);
  if (packedGrams.bits !== GRAM_BITS) return out;
  const packed = Buffer.from(packedGrams.data, 'base64');
  const values = new Int16Array(packed.buffer, packed.byteOffset, packed.byteLength / 2);
  for (let i = 0; i < GRAM_BUCKETS; i++) out[i] = (values[i] ?? 0) * packedGrams.step;
  return out;
}

/** Packs n-gram weights the way `UrlModelWeights.grams` stores them. */
export function packGrams(weights: Float32Array | Float64Array, step: number): { bits: number; step: number; data: string } {
  const packed = new Int16Array(weights.length);
  for (let i = 0; i < weights.length; i++) packed[i] = Math.max(-32_767, Math.min(32_767, Math.round(weights[i]! / step)));
  return { bits: GRAM_BITS, step, data: Buffer.from(packed.buffer).toString('base64') };
}

/**
 * The model's score, its reasons (strongest first), the class its strongest evidence names, and
 * whether the evidence is decisive (see `isDecisive`): only decisive evidence may reach Danger.
 */
export type ModelOutcome = { risk_score: number; reasons: Signal[]; classification: string | null; decisive: boolean };

/** Where Danger starts (DESIGN §6): a score there says the evidence leaves no doubt. */
export const DANGER_SCORE = 80;
const FLAG_SCORE = 60;

/**
 * A score without decisive evidence stays below Danger: what lies above the flagging point is
 * pressed into 60-79, keeping its order (so the score still ranks), never crossing into Danger.
 */
export function belowDanger(score: number): number {
  return score <= FLAG_SCORE
    ? score
    : Math.floor(FLAG_SCORE + ((score - FLAG_SCORE) * (DANGER_SCORE - 1 - FLAG_SCORE)) / (100 - FLAG_SCORE));
}

// Which evidence names which class, most specific first.
const CLASS_EVIDENCE: [string, FeatureName[]][] = [
  [CLASSIFICATIONS.malware, ['executable_path']],
  [CLASSIFICATIONS.phishing, ['gov_lure_host', 'brand_in_path_with_lure', 'kit_file']],
  [
    CLASSIFICATIONS.typosquatting,
    [
      'label_homoglyph',
      'mixed_script',
      'brand_disguised',
      'label_typo',
      'label_typo_two',
      'label_typo_site',
      'brand_slip',
      'label_tld_swap',
    ],
  ],
  [
    CLASSIFICATIONS.brandImpersonation,
    [
      'brand_domain_in_subdomain',
      'brand_dot_com_combo',
      'brand_fused_noise',
      'brand_word',
      'brand_affix',
      'brand_infix',
      'brand_in_subdomain',
      'brand_on_free_hosting',
      'brand_in_path',
    ],
  ],
  [CLASSIFICATIONS.scam, ['lure_giveaway', 'lure_scare', 'lures_without_brand']],
];

const CLASS_EVIDENCE_INDEX: [string, number[]][] = CLASS_EVIDENCE.map(([name, features]) => [name, features.map((f) => FEATURE_INDEX[f])]);

const indices = (names: FeatureName[]) => names.map((name) => FEATURE_INDEX[name]);
// A brand in the host: named, misspelled, disguised, or its domain worn in front of another.
const BRAND_IN_HOST = indices([
  'label_typo',
  'label_typo_two',
  'label_tld_swap',
  'brand_word',
  'brand_affix',
  'brand_infix',
  'brand_slip',
  'brand_in_subdomain',
  'brand_domain_in_subdomain',
  'brand_fused_noise',
  'brand_dot_com_combo',
]);
// Spelling made to deceive: look-alike glyphs or scripts for a brand's letters.
const DECEPTIVE_SPELLING = indices(['label_homoglyph', 'brand_disguised', 'mixed_script']);
// The lure words a host or path names, by kind.
const LURE_WORDS = [
  'lure_account',
  'lure_billing',
  'lure_wallet',
  'lure_giveaway',
  'lure_delivery',
  'lure_support',
  'lure_crypto',
  'lure_scare',
] as const;
// What turns a brand in the host into impersonation: lure words, a kit's path, an abused ending. A
// free platform is not among them (decision 640): a project page named after the library it
// shows (`vue-virtual-scroller.netlify.app`, `chatgpt-conf.vercel.app`) is judged by its name and
// path, not by where it lives; a brand on a platform still raises the score, below Danger.
const IMPERSONATION_CONTEXT = indices([
  ...LURE_WORDS,
  'lure_in_path',
  'kit_file',
  'token_segment',
  'encoded_blob',
  'email_in_url',
  'abused_tld',
]);
// What makes a brand named in the path a kit's page rather than a mention: a kit's file, a CMS
// folder of a hacked site, a token, a blob, an e-mail address.
const KIT_PATH = indices(['kit_file', 'cms_folder', 'token_segment', 'encoded_blob', 'email_in_url']);
const NOT_A_BRAND = indices(['plain_short_slip', 'bare_brand_name', 'label_typo_short']);
const BRAND_IN_PATH_WITH_LURE = FEATURE_INDEX.brand_in_path_with_lure;
const QUIET_HOST = FEATURE_INDEX.quiet_host;
const QUIET_URL = FEATURE_INDEX.quiet_url;
const HAS_PATH = FEATURE_INDEX.has_path;
const LURE_IN_PATH = FEATURE_INDEX.lure_in_path;
// What a bare address's host shows beyond its letters: digits in the name, levels of subdomains.
const BEYOND_LETTERS = indices(['digits', 'digit_run', 'subdomain_levels']);
const IP_HOST = FEATURE_INDEX.ip_host;
// What a host's ending may add through its n-grams when the host names no brand or lure: the
// ending is one family of evidence, which its named features (`abused_tld`) already weigh.
export const ENDING_SAY = 1;
// What a kit's address carries beyond the host: its files, tokens, blobs, an e-mail address, a
// brand named in the path, a port or user information.
const KIT_ADDRESS = indices([
  'kit_file',
  'script_file',
  'cms_folder',
  'token_segment',
  'encoded_blob',
  'email_in_url',
  'executable_path',
  'brand_in_path',
  'unusual_port',
  'credentials_in_url',
]);
// The same less a brand named in the path: a dated write-up may name the brand it is about (decision 599).
const KIT_ADDRESS_BUT_BRAND = KIT_ADDRESS.filter((at) => at !== FEATURE_INDEX.brand_in_path);

const any = (values: Float64Array, among: number[]) => among.some((at) => values[at]! > 0);
// The reasons that say why evidence is decisive, the most telling first (`UrlModel.judge` keeps one shown).
const DECISIVE_REASONS = indices([
  'brand_with_lure',
  'label_homoglyph',
  'brand_disguised',
  'mixed_script',
  'label_typo',
  'brand_in_path_with_lure',
]);

/**
 * Decisive evidence, what Danger needs (issue 35): a brand in the host together with a lure, a
 * kit's path or an abused ending; a brand spelled with look-alike characters; or
 * a brand named in the path next to sign-in or payment words in a kit's path. The n-grams, a cheap
 * ending, a lure word, hyphens or digits are each one family of evidence, never decisive alone; so
 * is a brand's name one typing slip off (decision 636: `hitkeep`, `manyfold` are names of their own).
 */
export function isDecisive(values: Float64Array): boolean {
  if (any(values, DECEPTIVE_SPELLING)) return true;
  if (any(values, BRAND_IN_HOST) && !any(values, NOT_A_BRAND) && any(values, IMPERSONATION_CONTEXT)) return true;
  return values[BRAND_IN_PATH_WITH_LURE]! > 0 && any(values, KIT_PATH);
}

/**
 * A quiet host (no brand, look-alike, lure, abused ending, free host or IP) on a name of plain
 * words joined by hyphens, with nothing of a kit in the rest of the address, stays below the
 * flagging point: its length, hyphens and n-grams are one family of evidence, the name's shape,
 * and that shape is how small organisations name themselves (issue 35: such sites were flagged
 * one in four). A sign-in word in the path (`/anmeldung`) is what their own pages say too. It is
 * held at 59 at most.
 */
function plainNameCap(score: number, values: Float64Array, facts: FeatureFacts): number {
  return facts.wordsName && values[QUIET_HOST] === 1 && !any(values, KIT_ADDRESS) ? Math.min(score, FLAG_SCORE - 1) : score;
}

/**
 * A bare quiet address (a host naming no brand, look-alike or lure, on no abused ending, free
 * platform or IP, with no path) whose name shows nothing but letters (no digits, no levels of
 * subdomains) has only its name's shape to go on: its n-grams, length, consonant runs, few vowels
 * and hyphens are hints of one family, and together they are how breweries, conferences, firms and
 * people name their sites (issue 35, decision 635: a third of such flags on the fourth probe). No
 * flag without a second, independent signal: it is held at 59 at most. Digit-run names (`bet73039`,
 * `551005.cc`) are what most caught bare quiet phishing carries, so they are left to the model.
 */
function lettersOnlyCap(score: number, values: Float64Array): number {
  return values[QUIET_URL] === 1 && values[HAS_PATH] === 0 && !any(values, BEYOND_LETTERS) ? Math.min(score, FLAG_SCORE - 1) : score;
}

/**
 * A feed or data file (`/feed/`, `/rss.php`, `/spaceapi.json`) is read by programs: no one is
 * asked to sign in there, and no phishing report in the corpus is one. Without decisive evidence,
 * and with nothing of a kit in the address (a token, an e-mail address, a brand in the path), it
 * stays below the flagging point whatever its host's name looks like (issue 35: news feeds and
 * hackerspaces' status files were flagged for their hosts' n-grams).
 */
function documentCap(score: number, set: UrlFeatureSet): number {
  return set.document && !any(set.values, KIT_ADDRESS) ? Math.min(score, FLAG_SCORE - 1) : score;
}

// A free platform tenant's name carrying a brand, a look-alike or a lure word: what a tenant page
// impersonating someone shows, whatever its path.
const TENANT_SAYS_MORE = indices([
  'brand_on_free_hosting',
  'brand_with_lure',
  'brand_in_path',
  ...LURE_WORDS,
  'lures_without_brand',
  'punycode',
  'mixed_script',
  'label_homoglyph',
  'brand_disguised',
]);

/**
 * A free platform's tenant (github.io, blogspot, vercel.app...) read at a quiet reading page: a
 * dated post, a docs, guide, blog or wiki page, with no brand, look-alike or lure word in the
 * tenant's name or the path (issue 35, decision 680). Its name's shape (length, hyphens, digits,
 * n-grams) is all the model has, and that is how projects and people name their pages
 * (`placement-iit2013.blogspot.com/2013/05/...`); phishing on tenants is front pages and sign-in
 * paths: 3 of the corpus's 34,500 reports on tenants are at such a path, two with a brand or lure
 * in the tenant (left to the model), one (a Blogger `/p/` page, validation split) held below 60 by
 * this. Held at 59 at most; a tenant naming a brand or a lure is left to the model.
 */
function tenantContentCap(score: number, set: UrlFeatureSet): number {
  const { values, facts } = set;
  if (!set.content || !facts.platform || facts.brand || facts.lookalike) return score;
  return any(values, TENANT_SAYS_MORE) || any(values, BRAND_IN_HOST) ? score : Math.min(score, FLAG_SCORE - 1);
}

/**
 * A free platform's tenant named by three or more plain words joined by hyphens, one of them a
 * project's kind or tool (`edge-functions-add-header.vercel.app`, `hexo-theme-aomori-demo.pages.dev`,
 * `PROJECT_WORDS`), naming no lure word and no brand or look-alike but a tool's name
 * (`namesOnlyATool`), with no sign-in word or anything of a kit in its path (decision 592): the platform is not evidence (issue 35, item 5), so only the
 * name's shape is left, and that is how developers name their demos and templates. Held at 59 at
 * most. A dynamic-DNS or tunnel host names a machine, not a project, and is left to the model.
 * Plain-words tenants without a project word are not held: kits name themselves so too.
 */
function tenantNameCap(score: number, set: UrlFeatureSet): number {
  const { values, facts } = set;
  if (!facts.projectName || MACHINE_HOSTS.has(facts.platform!)) return score;
  const tool = namesOnlyATool(facts, values);
  if ((facts.brand || facts.lookalike) && !tool) return score;
  if (any(values, tool ? TENANT_SAYS_MORE_THAN_A_TOOL : TENANT_SAYS_MORE)) return score;
  if (any(values, tool ? BRAND_IN_HOST_BEYOND_A_WORD : BRAND_IN_HOST)) return score;
  return any(values, KIT_ADDRESS) || values[LURE_IN_PATH] ? score : Math.min(score, FLAG_SCORE - 1);
}

// What a tenant named after a tool (`flask-python-template.vercel.app`) must not say besides: the
// tool's name as a word, on the platform, is what such a project page shows.
const TENANT_SAYS_MORE_THAN_A_TOOL = TENANT_SAYS_MORE.filter((at) => at !== FEATURE_INDEX.brand_on_free_hosting);
const BRAND_IN_HOST_BEYOND_A_WORD = BRAND_IN_HOST.filter((at) => at !== FEATURE_INDEX.brand_word);

/**
 * The only brand a tenant's name shows is spelled right as a whole word and neither holds money or
 * identities (bank, payment, crypto, government, delivery) nor is among the brands phishing
 * imitates most: a framework, language or service a project page is named after (`python`,
 * `posthog`, decision 592).
 */
function namesOnlyATool(facts: FeatureFacts, values: Float64Array): boolean {
  const found = facts.lookalike;
  if (found && (found.kind !== 'brand-token' || found.homoglyph)) return false;
  const match = facts.brand;
  if (match && (match.where !== 'label' || match.placement !== 'word' || match.distance > 0 || match.disguised)) return false;
  return (found !== null || match !== null) && values[FEATURE_INDEX.brand_curated] === 0 && values[FEATURE_INDEX.brand_lure_sector] === 0;
}

/**
 * A post of a federated social server (`/@alice/115129437562598149`, decision 577) on a host that
 * names no brand, look-alike or lure and is no IP: a page people read, which newsletters and link
 * aggregators share by the thousand from small servers (issue 35: a third of one weekly's false
 * alarms). Its server's name and the post's number are one family of evidence, the name's shape;
 * no phishing report of the corpus has such a path. Held at 59 at most; a host naming a brand
 * (`mastodon.example`) is left to the model, since a brand in the host is never cancelled.
 */
function socialPostCap(score: number, set: UrlFeatureSet): number {
  const { values, facts } = set;
  if (!set.socialPost || facts.lures.length > 0 || values[IP_HOST]) return score;
  if ((facts.brand || facts.lookalike) && !namesOnlyItsSoftware(facts)) return score;
  return Math.min(score, FLAG_SCORE - 1);
}

/**
 * A federated post (`/@alice/115129437562598149`) on a server whose only brand reading is the
 * social software it runs, named in the host without a lure word or look-alike glyphs: the
 * software's name is the server's (decision 696), so it makes no impersonation with an abused
 * ending either (`mastodon.uno`, an Italian server). `socialPostCap` then holds it like any post.
 */
function isItsSoftwaresPost(set: UrlFeatureSet): boolean {
  const { values, facts } = set;
  if (!set.socialPost || facts.lures.length > 0 || values[IP_HOST] || any(values, DECEPTIVE_SPELLING)) return false;
  return (facts.brand !== null || facts.lookalike !== null) && namesOnlyItsSoftware(facts);
}

// Federated social software whose servers are named after it (`mastodon.example`, `masto.example`).
const SOCIAL_SOFTWARE = new Set(['Mastodon']);

/**
 * The only brand the host names, spelled or slipped, is the social software its post's path shows
 * it runs (decision 620): servers are named after their software (`mastodon.uno`,
 * `mastodon.well.com`, `masto.example`), and a post's address (`/@alice/115129437562598149`) is
 * that software's own. Phishing of the brand (`refund-mastodon.com`) has no such path.
 */
function namesOnlyItsSoftware(facts: FeatureFacts): boolean {
  const brand = facts.brand?.brand ?? null;
  const found = facts.lookalike;
  const target = !found ? null : 'target' in found ? found.target.brand : found.brand;
  if (facts.brand && !(brand && SOCIAL_SOFTWARE.has(brand.name))) return false;
  if (facts.lookalike && !(target && SOCIAL_SOFTWARE.has(target.name))) return false;
  return true;
}

const ABUSED_TLD = FEATURE_INDEX.abused_tld;

/**
 * An article on an own domain (decision 579): a dated post (`/2018/03/haskell-proj-struct/`,
 * `/posts/2020-05-24-update-everything.html`) or a page named by its title
 * (`/haskell/what-the-heck-is-typeable.html`), with nothing of a kit in the address, on a host that
 * names no brand, look-alike or lure, on no abused ending, free platform or IP. The host's name
 * shape and the path's n-grams are all the model reads there, and that is how tech weeklies'
 * links to people's blogs look (issue 35: most of one weekly's false alarms). Held at 59 at most;
 * a platform's tenant is judged by `tenantContentCap`.
 */
function articleCap(score: number, set: UrlFeatureSet): number {
  const { values, facts } = set;
  // A brand in the path is left to `article` (quiet, or a dated post's title: decision 599).
  if (!set.article || !readsAsOwnName(facts, values) || values[ABUSED_TLD] || any(values, KIT_ADDRESS_BUT_BRAND)) return score;
  return Math.min(score, FLAG_SCORE - 1);
}

// A feature must move the log-odds this much to be worth a reason; past MAX_REASONS the rest
// add little a reader needs.
const MIN_REASON_CONTRIBUTION = 0.15;
const MAX_REASONS = 6;

/**
 * Logistic regression over the URL's named features and the hashed n-grams of its host and path;
 * the score is the calibrated probability, in percent, that the URL is phishing or a scam. Reasons
 * are the named features that raised it, strongest first, each credited with its share of the
 * score; what the n-grams add is one reason ("looks like known phishing addresses").
 */
export class UrlModel {
  private readonly weights = new Float64Array(FEATURE_COUNT);
  private readonly grams: Float32Array = new Float32Array(GRAM_BUCKETS);
  private readonly tenantGrams: Float32Array | null;
  private readonly ownGrams: Float32Array | null;
  private readonly ownLevel: number;
  private readonly bias: number;
  private readonly slope: number;
  private readonly intercept: number;
  readonly version: number;

  constructor(model: UrlModelWeights) {
    this.bias = model.bias;
    this.version = model.version;
    this.slope = model.calibration?.slope ?? 1;
    this.intercept = model.calibration?.intercept ?? 0;
    model.features.forEach((name, index) => {
      const at = FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number]);
      if (at >= 0) this.weights[at] = model.weights[index] ?? 0;
    });
    if (model.grams) this.grams = unpackGrams(model.grams);
    this.tenantGrams = model.tenantGrams ? unpackGrams(model.tenantGrams) : null;
    this.ownGrams = model.ownGrams ? unpackGrams(model.ownGrams) : null;
    this.ownLevel = model.ownGrams?.level ?? 0;
  }

  /** What a group of n-grams adds to the log-odds. */
  gramSum(grams: Grams): number {
    return this.sumOver(this.grams, grams);
  }

  private sumOver(table: Float32Array, grams: Grams): number {
    let sum = 0;
    const { indices, count } = grams;
    for (let i = 0; i < count; i++) sum += table[indices[i]!]!;
    return sum * grams.scale;
  }

  /**
   * What the host's n-grams add. On a host that names no brand, look-alike or lure and is no free
   * platform's tenant or IP, its ending's n-grams (`.cc$`, `.me$`, `tld:space`) add at most
   * `ENDING_SAY`: on short names they were most of the score (issue 35: `vern.cc`, `crooked.ink`,
   * `radiotitograd.me` flagged by the n-grams alone), and the ending is one family of evidence.
   */
  hostGramSum(grams: Grams, facts: FeatureFacts, values: Float64Array): number {
    // A free platform's tenant's name, read with the weights fitted beside honest tenants when the
    // model has them (decision 506).
    if (facts.platform && this.tenantGrams) return this.sumOver(this.tenantGrams, grams);
    const said = this.heldSum(this.grams, grams, facts, values);
    // An own domain's quiet name, read beside honest names where that says less (decision 517).
    if (!this.ownGrams || !readsAsOwnName(facts, values)) return said;
    return Math.min(said, this.heldSum(this.ownGrams, grams, facts, values) + this.ownLevel);
  }

  /** What a host's n-grams add when read with `table`, a quiet host's ending held at `ENDING_SAY`. */
  private heldSum(table: Float32Array, grams: Grams, facts: FeatureFacts, values: Float64Array): number {
    const sum = this.sumOver(table, grams);
    if (!holdsEnding(grams, facts, values)) return sum;
    let ending = 0;
    for (let i = grams.ending; i < grams.count; i++) ending += table[grams.indices[i]!]!;
    ending *= grams.scale;
    return ending > ENDING_SAY ? sum - (ending - ENDING_SAY) : sum;
  }

  /** The model's log-odds before calibration (what training fits, the ending's say held as in `hostGramSum`). */
  logit(set: UrlFeatureSet): number {
    let z = this.bias + this.hostGramSum(set.host, set.facts, set.values) + this.gramSum(set.path);
    for (let i = 0; i < FEATURE_COUNT; i++) z += this.weights[i]! * set.values[i]!;
    return z;
  }

  /** The calibrated probability (0-1) of a URL's features. */
  probability(set: UrlFeatureSet): number {
    return 1 / (1 + Math.exp(-(this.slope * this.logit(set) + this.intercept)));
  }

  /** The verdict on a URL's features; `gramSums` are the n-grams' weights when already known. */
  judge(set: UrlFeatureSet, gramSums?: number): ModelOutcome {
    const { values, facts } = set;
    const gramAmount = gramSums ?? this.hostGramSum(set.host, set.facts, set.values) + this.gramSum(set.path);
    let z = this.bias + gramAmount;
    // Reasons are kept in scratch arrays, sorted by insertion: at most a dozen raise the score.
    const index = this.raisingIndex;
    const amounts = this.raisingAmount;
    let count = 0;
    for (let i = 0; i < FEATURE_COUNT; i++) {
      const value = values[i]!;
      if (value === 0) continue;
      const amount = this.weights[i]! * value;
      z += amount;
      if (amount >= MIN_REASON_CONTRIBUTION) count = insertSorted(index, amounts, count, i, amount);
    }
    if (gramAmount >= MIN_REASON_CONTRIBUTION) count = insertSorted(index, amounts, count, -1, gramAmount);
    const decisive = isDecisive(values) && !isItsSoftwaresPost(set);
    const raw = Math.round(100 / (1 + Math.exp(-(this.slope * z + this.intercept))));
    const risk_score = decisive
      ? raw
      : articleCap(
          socialPostCap(
            tenantNameCap(
              tenantContentCap(documentCap(lettersOnlyCap(plainNameCap(belowDanger(raw), values, facts), values), set), set),
              set,
            ),
            set,
          ),
          set,
        );
    // Decisive evidence is always among the reasons shown: past the six strongest it takes the last place.
    if (decisive && count > MAX_REASONS) {
      const shown = index.subarray(0, MAX_REASONS);
      const raised = index.subarray(0, count);
      const missing = DECISIVE_REASONS.some((at) => shown.includes(at))
        ? undefined
        : DECISIVE_REASONS.find((at) => values[at]! > 0 && raised.includes(at));
      if (missing !== undefined) {
        const from = raised.indexOf(missing);
        const amount = amounts[from]!;
        for (let k = from; k > MAX_REASONS - 1; k--) {
          index[k] = index[k - 1]!;
          amounts[k] = amounts[k - 1]!;
        }
        index[MAX_REASONS - 1] = missing;
        amounts[MAX_REASONS - 1] = amount;
      }
    }
    // The reasons shown share the score between them.
    let total = 0;
    for (let k = 0; k < Math.min(count, MAX_REASONS); k++) total += amounts[k]!;
    const reasons: Signal[] = [];
    for (let k = 0; k < count && reasons.length < MAX_REASONS; k++) {
      const at = index[k]!;
      const reason = at < 0 ? ADDRESS_PATTERN_REASON : this.reasonOf(at, facts);
      if (reasons.some((other) => other.message === reason.message)) continue;
      reasons.push({
        code: reason.code,
        message: reason.message,
        risk_score: Math.max(1, Math.round((risk_score * amounts[k]!) / total)),
        classification: reason.classification,
      });
    }
    return { risk_score, reasons, classification: this.classOf(values), decisive };
  }

  private readonly raisingIndex = new Int32Array(FEATURE_COUNT + 1);
  private readonly raisingAmount = new Float64Array(FEATURE_COUNT + 1);
  // Facts are shared by every URL of a host (the engine remembers hosts), so are their sentences.
  private reasonOf(at: number, facts: FeatureFacts): Reason {
    const known = (facts.sentences ??= []);
    return (known[at] ??= FEATURE_REASONS[FEATURE_NAMES[at]!](facts));
  }

  private classOf(values: Float64Array): string | null {
    for (const [name, evidence] of CLASS_EVIDENCE_INDEX) for (const at of evidence) if (values[at]! > 0) return name;
    return null;
  }
}

/** Whether the ending's n-grams of a host are held at `ENDING_SAY` (`UrlModel.hostGramSum`): a quiet host with an ending. */
export function holdsEnding(grams: Grams, facts: FeatureFacts, values: Float64Array): boolean {
  return grams.ending < grams.count && !facts.brand && !facts.lookalike && facts.lures.length === 0 && !facts.platform && !values[IP_HOST];
}

/**
 * Whether a host is read as an own domain's name (decision 517): no free platform's tenant, no
 * IP, and nothing in it names a brand, a look-alike or a lure, so only its name's shape is left.
 */
export function readsAsOwnName(facts: FeatureFacts, values: Float64Array): boolean {
  return !facts.platform && !values[IP_HOST] && !facts.brand && !facts.lookalike && facts.lures.length === 0;
}

/** Inserts a reason into arrays sorted by amount, strongest first; returns the new count. */
function insertSorted(index: Int32Array, amounts: Float64Array, count: number, at: number, amount: number): number {
  let j = count;
  while (j > 0 && amounts[j - 1]! < amount) {
    amounts[j] = amounts[j - 1]!;
    index[j] = index[j - 1]!;
    j--;
  }
  amounts[j] = amount;
  index[j] = at;
  return count + 1;
}

let shared: UrlModel | null = null;

/** The shipped model, loaded once per process. */
export function defaultUrlModel(): UrlModel {
  shared ??= new UrlModel(trained);
  return shared;
}
