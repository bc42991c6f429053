import { domainToUnicode } from 'node:url';
import type { Brand } from '../brand/brand-catalogue.ts';
import { isTypingSlip, type BrandMatch } from '../brand/brand-matcher.ts';
import type { LookalikeFinding } from '../brand/lookalike-index.ts';
import type { HostParts } from '../url/host-parts.ts';
import type { PopularityBucket } from '../popularity/index.ts';
import { TokenAutomaton } from '../brand/token-automaton.ts';
import {
  ABUSED_TLDS,
  chosenTenantName,
  entropy,
  freeHostingPlatform,
  isPlatformHost,
  isShortener,
  KIT_PAGE_WORDS,
  looksRandom,
  LURE_WORDS,
  type LureTheme,
  SITE_SECTIONS,
  MACHINE_HOSTS,
  PROJECT_WORDS,
  WORD_MAKING_ENDINGS,
} from '../url-knowledge/index.ts';
import { LURE_SECTORS, type PathBrands } from './path-brands.ts';
import { type Grams, hostGrams, NO_GRAMS, pathGrams, tenantGrams } from './url-ngrams.ts';

/**
 * The numbers the learned verdict reads, one per feature, in this order. Brand features say how a
 * catalogue brand sits in the host; lexical ones come from the URL's spelling. Names are stable:
 * the trained weights refer to them.
 */
export const FEATURE_NAMES = [
  'label_typo',
  'label_typo_two',
  'label_typo_short',
  'plain_short_slip',
  'bare_brand_name',
  'label_typo_site',
  'label_homoglyph',
  'label_tld_swap',
  'brand_word',
  'brand_affix',
  'brand_infix',
  'brand_disguised',
  'brand_slip',
  'brand_likely_slip',
  'brand_in_subdomain',
  'brand_domain_in_subdomain',
  'brand_curated',
  'brand_lure_sector',
  'brand_short_name',
  'brand_name_length',
  'brand_with_lure',
  'brand_on_free_hosting',
  'brand_on_abused_tld',
  'lure_account',
  'lure_billing',
  'lure_wallet',
  'lure_giveaway',
  'lure_delivery',
  'lure_support',
  'lure_crypto',
  'lure_product',
  'lure_joined',
  'name_coverage',
  'lures_without_brand',
  'lure_in_path',
  'abused_tld',
  'free_hosting',
  'url_shortener',
  'ip_host',
  'unusual_port',
  'credentials_in_url',
  'punycode',
  'mixed_script',
  'hyphens',
  'digits',
  'label_length',
  'subdomain_levels',
  'label_entropy',
  'tld_com',
  'tld_country',
  'executable_path',
  'long_url',
  'lure_scare',
  'consonant_run',
  'digit_run',
  'few_vowels',
  'brand_fused_noise',
  'gov_lure_host',
  'brand_dot_com_combo',
  'brand_country_domain',
  'ipfs',
  'has_path',
  'path_depth',
  'path_length',
  'query_length',
  'cms_folder',
  'kit_file',
  'script_file',
  'token_segment',
  'encoded_blob',
  'brand_in_path',
  'brand_in_path_with_lure',
  'email_in_url',
  'docs_path',
  'quiet_host',
  'quiet_url',
  'quiet_path',
  'quiet_hyphens',
  'quiet_length',
  'popular_domain',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export const FEATURE_COUNT = FEATURE_NAMES.length;
const INDEX = Object.fromEntries(FEATURE_NAMES.map((name, index) => [name, index])) as Record<FeatureName, number>;

/** What the features were computed from, for the plain-language reasons. */
/** A feature's sentence in a verdict (`feature-reasons.ts` writes them). */
export type Reason = { code: string; message: string; classification: string | null };

export type FeatureFacts = {
  brand: BrandMatch | null;
  lookalike: LookalikeFinding | null;
  lures: string[];
  suffix: string | null;
  platform: string | null;
  /** Subdomain levels before the registrable domain, `www` not counted. */
  levels?: number;
  /** Hyphens in the domain's name (decision 509: one is said as one, not as many). */
  hyphens?: number;
  /** A brand named only in the path or query. */
  pathBrand?: Brand | null;
  /** The name is three or more pronounceable words joined by hyphens (`clinique-veterinaire-des-alpes`). */
  wordsName?: boolean;
  /** A free platform's tenant named by plain words one of which names a project's kind or tool (decision 592). */
  projectName?: boolean;
  /** The reasons' sentences, by feature index, written once per host by the model. */
  sentences?: (Reason | undefined)[];
};

/**
 * A host's features; `gramSum` is the model's weight of its n-grams, filled in by the engine.
 * `platformHost` says the host is a user-content platform's own (`docs.google.com`).
 */
export type HostFeatures = { values: Float64Array; facts: FeatureFacts; grams: Grams; gramSum?: number; platformHost: boolean };

/**
 * A URL's features: the named ones and the hashed n-grams of its host and path. `document` says
 * the path is a feed or data file programs read (see `isDocumentPath`), not a page.
 */
export type UrlFeatureSet = {
  values: Float64Array;
  host: Grams;
  path: Grams;
  facts: FeatureFacts;
  document?: boolean;
  /** A quiet reading page (`isContentPath`): a dated post, a docs, blog or wiki page. */
  content?: boolean;
  /** A quiet post of a federated social server (`isSocialPostPath`). */
  socialPost?: boolean;
  /** A quiet article: a dated post or a page named by its title (`PathFeatures.article`). */
  article?: boolean;
};

const THEME_FEATURE: Record<LureTheme, FeatureName> = {
  account: 'lure_account',
  billing: 'lure_billing',
  wallet: 'lure_wallet',
  giveaway: 'lure_giveaway',
  delivery: 'lure_delivery',
  support: 'lure_support',
  crypto: 'lure_crypto',
  product: 'lure_product',
  scare: 'lure_scare',
};
// Lure words joined to others (`verifyaccount`) count from this length: shorter ones (`pay`,
// `dapp`, `live`) hide inside too many ordinary words.
const MIN_JOINED_LURE = 5;
const LURE_LIST = [...LURE_WORDS.keys()].filter((word) => /^[a-z0-9]+$/.test(word));
const LURE_AUTOMATON = new TokenAutomaton(LURE_LIST);
const EXECUTABLE_PATH = /\.(exe|scr|msi|bat|cmd|ps1|vbs|jar|apk|dll|hta|iso|img|lnk|sh|bin|elf|arm7?|mips|x86)$/i;
const LONG_URL = 200;
const SHORT_TARGET = 6;
// Endings where names are sold to whoever comes first and kept for years: a bare brand name or
// everyday word there is usually the brand's or an honest business's (`polygon.com`).
const CLASSIC_TLDS = new Set(['com', 'net', 'org', 'edu', 'gov', 'int']);

type Lures = { words: string[]; covered: number };

/**
 * Lure words in the host's name, as words of their own or joined to others (longest first, never
 * overlapping), counted by theme; `covered` is how many letters of the registrable name they fill.
 */
function luresOf(parts: HostParts, values: Float64Array): Lures {
  const found: string[] = [];
  let joined = 0;
  let covered = 0;
  const pieces = parts.subdomain ? [...parts.subdomain.split('.'), parts.label ?? ''] : [parts.label ?? ''];
  const last = pieces.length - 1;
  pieces.forEach((piece, pieceIndex) => {
    for (const word of piece.split('-')) {
      if (word === '' || word === 'www') continue;
      const whole = LURE_WORDS.get(word);
      const hits = whole ? [{ word, theme: whole }] : longestHits(word).map((lure) => ({ word: lure, theme: LURE_WORDS.get(lure)! }));
      for (const hit of hits) {
        const feature = INDEX[THEME_FEATURE[hit.theme]];
        values[feature] = Math.min(2, values[feature]! + 1);
        found.push(hit.word);
        if (!whole) joined++;
        if (pieceIndex === last) covered += hit.word.length;
      }
    }
  });
  values[INDEX.lure_joined] = Math.min(2, joined);
  return { words: found, covered };
}

// Letters a word may carry on each side of a lure in its middle (`el|event|y`, `de|signin|g`).
const WITHIN_WORD_EDGE = 2;

/**
 * A lure with a letter or two on both sides and nothing more (`eleventy`, `designing`) sits inside
 * another word, not beside one (decision 641): a kit pads on one side (`loginn`, `mywallet`) or joins
 * whole words (`verifyaccount`).
 */
function isWithinWord(word: string, start: number, end: number): boolean {
  const before = start;
  const after = word.length - end;
  return before > 0 && after > 0 && before <= WITHIN_WORD_EDGE && after <= WITHIN_WORD_EDGE;
}

/** An ending follows the lure and makes another word of it (`access|ibility`, `crypto|graphy`, decision 695). */
function makesAnotherWord(word: string, end: number): boolean {
  return WORD_MAKING_ENDINGS.some((ending) => word.startsWith(ending, end));
}

/** The longest lure words inside a word that do not overlap. */
function longestHits(word: string): string[] {
  const hits = LURE_AUTOMATON.find(word)
    .map((hit) => ({ lure: LURE_LIST[hit.word]!, end: hit.end }))
    .filter(
      (hit) =>
        hit.lure.length >= MIN_JOINED_LURE &&
        hit.lure.length < word.length &&
        !isWithinWord(word, hit.end - hit.lure.length, hit.end) &&
        !makesAnotherWord(word, hit.end),
    )
    .sort((a, b) => b.lure.length - a.lure.length);
  const taken: [number, number][] = [];
  const chosen: string[] = [];
  for (const hit of hits) {
    const start = hit.end - hit.lure.length;
    if (taken.some(([from, to]) => start < to && hit.end > from)) continue;
    taken.push([start, hit.end]);
    chosen.push(hit.lure);
  }
  return chosen;
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u', 'y']);
// Hosts that pose as a government service: `gov.<random>.top`, `gov-refund.top`, `gouv-amendes.com`.
const GOV_WORD = /(^|[.-])(gov|govt|gouv|gob|govuk|gov-uk)([.-]|\d|$)/;
const GOV_SUFFIX = /(^|\.)(gov|gouv|gob|govt|mil|gv|go)(\.|$)/;

/** Letters in a row without a vowel, digits in a row, and the share of vowels among letters. */
function shape(label: string): { consonants: number; digitRun: number; vowelShare: number; letters: number } {
  let consonants = 0;
  let run = 0;
  let digitRun = 0;
  let digits = 0;
  let vowels = 0;
  let letters = 0;
  for (const char of label) {
    if (char >= '0' && char <= '9') {
      digits++;
      digitRun = Math.max(digitRun, digits);
      run = 0;
      continue;
    }
    digits = 0;
    if (char < 'a' || char > 'z') {
      run = 0;
      continue;
    }
    letters++;
    if (VOWELS.has(char)) {
      vowels++;
      run = 0;
    } else consonants = Math.max(consonants, ++run);
  }
  return { consonants, digitRun, vowelShare: letters === 0 ? 1 : vowels / letters, letters };
}

// How much a rank bucket of the popularity prior vouches (top thousand, ten thousand, hundred
// thousand, million): the learned weight of `popular_domain` is scaled by it.
const POPULARITY_STRENGTH = [0, 1, 0.75, 0.5, 0.25] as const;
// Long enough to be worth a word: most honest names are shorter, and "long" must mean long.
const LONG_LABEL = 12;

/**
 * Three or more words joined by hyphens, each of letters that read as syllables (a vowel in
 * five letters or more, no four consonants in a row): how small businesses and clubs name
 * themselves in every language (`fysiotherapie-de-brug-utrecht`), not how kits name throwaway hosts.
 */
function isWordsName(label: string): boolean {
  const words = label.split('-');
  if (words.length < 3) return false;
  return words.every((word) => {
    if (!/^[a-z]+$/.test(word)) return false;
    if (word.length < 4) return true;
    const form = shape(word);
    return form.vowelShare >= 0.15 && form.consonants < 6;
  });
}

/**
 * One letter put for another of the same name that no finger or eye slips to and no typosquatter's
 * fuzzer makes (`hackspace` for rackspace: another consonant, not a neighbouring key, a look-alike
 * glyph, a vowel or a bit flip) is how different words differ, not a look-alike of the brand
 * (decision 575). Left-out, added and swapped letters stay look-alikes whatever they are.
 */
function isAnotherWord(finding: LookalikeFinding, label: string): boolean {
  if (finding.kind !== 'typo' || finding.distance !== 1 || finding.squat) return false;
  const name = finding.target.label;
  return name.length === label.length && name[0] !== label[0] && name.slice(1) === label.slice(1);
}

/**
 * The host's share of the features: everything but the path, port and user information.
 * `brandFamily` says the host is a catalogue brand's own name under a country ending it is known
 * to use abroad (`brand.com.au`): the brand's family, not a look-alike. `popularity` is the
 * registrable domain's rank bucket in the popularity prior (0 when unranked or when the host is a
 * tenant of a user-content platform, whose rank is the platform's, not the tenant's).
 */
export function hostFeatures(
  parts: HostParts,
  lookalikes: LookalikeFinding[],
  brands: BrandMatch[],
  brandFamily = false,
  popularity: PopularityBucket = 0,
): HostFeatures {
  const values = new Float64Array(FEATURE_COUNT);
  const set = (name: FeatureName, value = 1) => {
    values[INDEX[name]] = value;
  };
  let subdomainLevels = 0;
  const label = parts.label ?? '';
  const platform = freeHostingPlatform(parts.host);
  // A platform's own host (`docs.google.com`, `telegra.ph`) is the platform's name, not the tenant's.
  const platformHost = isPlatformHost(parts.host);
  const found = parts.isIp ? { words: [], covered: 0 } : luresOf(parts, values);
  const lures = found.words;
  lookalikes = lookalikes.filter((finding) => !isAnotherWord(finding, label));
  const lookalike = lookalikes[0] ?? null;
  for (const finding of lookalikes) {
    if (finding.kind === 'typo' && !finding.target.brand) set('label_typo_site');
    else if (finding.kind === 'typo') {
      set(finding.distance === 1 ? 'label_typo' : 'label_typo_two');
      // One slip from a short name is as often an unrelated name (`yimg`, `licdn`).
      if (finding.target.label.length <= SHORT_TARGET) set('label_typo_short');
    } else if (finding.kind === 'homoglyph') set('label_homoglyph');
    else if (finding.kind === 'tld-swap') set('label_tld_swap');
    else if (finding.kind === 'brand-subdomain' && finding.withDomain) set('brand_domain_in_subdomain');
  }
  const brand = brands.find((match) => match.where === 'label') ?? brands[0] ?? null;
  for (const match of brands) {
    if (match.where === 'subdomain') {
      set('brand_in_subdomain');
      continue;
    }
    if (match.distance > 0) set('brand_slip');
    else if (match.disguised) set('brand_disguised');
    else if (match.placement === 'word' || match.placement === 'whole') set('brand_word');
    else if (match.placement === 'affix') set('brand_affix');
    else set('brand_infix');
    if (match.likelySlip) set('brand_likely_slip');
  }
  const targetBrand = brand?.brand ?? (lookalike && 'target' in lookalike ? lookalike.target.brand : null);
  const anyBrand = brand !== null || lookalike !== null;
  if (anyBrand) {
    if (targetBrand?.curated) set('brand_curated');
    if (targetBrand && LURE_SECTORS.has(targetBrand.sector)) set('brand_lure_sector');
    if (brand && brand.token.length <= 4) set('brand_short_name');
    const name = brand?.token ?? (lookalike && 'target' in lookalike ? lookalike.target.label : '');
    set('brand_name_length', Math.min(12, name.length) / 12);
    if (lures.length > 0) set('brand_with_lure');
    if (platform) set('brand_on_free_hosting');
    if (parts.suffix && ABUSED_TLDS.has(parts.suffix.split('.').at(-1) ?? '')) set('brand_on_abused_tld');
  } else if (lures.length >= 2) set('lures_without_brand');
  // A plain name with nothing else said: no lure, hyphen, digit, subdomain, free host or abused ending.
  const plainName =
    lures.length === 0 &&
    !parts.isIp &&
    /^[a-z]+$/.test(label) &&
    (parts.subdomain === '' || parts.subdomain === 'www') &&
    !platform &&
    classicEnding(parts.suffix);
  if (plainName && lookalike) {
    const disguised =
      lookalikes.some(
        (finding) => finding.kind === 'homoglyph' || (finding.kind === 'typo' && isTypingSlip(label, finding.target.label)),
      ) || brands.some((match) => match.disguised || match.likelySlip);
    // One slip from a short name that is neither a neighbouring key nor a look-alike glyph is as
    // often another word or business (`strike`, `zapier`) as a typosquat.
    if (!disguised && values[INDEX.label_typo_short] === 1 && values[INDEX.label_typo_two] === 0) set('plain_short_slip');
    // The brand's own name, bare, under an ending the brand does not use: brands and ordinary
    // businesses hold such names (`polygon.com` is a magazine); phishers rarely can.
    else if (lookalikes.some((finding) => finding.kind === 'tld-swap')) set('bare_brand_name');
    // Neither says for sure which brand is meant, so that brand's sector and fame add nothing.
    if (values[INDEX.plain_short_slip] === 1 || values[INDEX.bare_brand_name] === 1)
      for (const name of ['brand_curated', 'brand_lure_sector', 'brand_name_length'] as const) set(name, 0);
  }
  const compactLength = label.replaceAll('-', '').length;
  const brandLetters = brand && brand.where === 'label' && brand.placement !== 'infix' ? brand.token.length : 0;
  // Only a name of two or more parts is "made of" lures: `mint.com` is just a word.
  const partsOfName = found.words.length + (brandLetters > 0 ? 1 : 0);
  if (compactLength > 0 && partsOfName >= 2) set('name_coverage', Math.min(1, (found.covered + brandLetters) / compactLength));

  const tld = parts.suffix?.split('.').at(-1) ?? '';
  if (ABUSED_TLDS.has(tld)) set('abused_tld');
  if (platform) set('free_hosting');
  if (isShortener(parts.host)) set('url_shortener');
  if (parts.isIp) set('ip_host');
  if (parts.host.includes('xn--')) set('punycode');
  if (/[^ -~]/.test(label) && /[a-z]/.test(label)) set('mixed_script');
  // What of a tenant's name its owner chose: a platform's generated names and deployment ids say
  // nothing of the tenant (decision 685). A tenant naming a brand, look-alike or lure is read whole,
  // as before: what impersonation shows is never thinned out.
  const chosen = platform && !platformHost && !anyBrand && lures.length === 0 ? chosenTenantName(label, parts.subdomain, platform) : null;
  const madeByPlatform = chosen !== null && (chosen.label !== label || chosen.subdomain !== parts.subdomain);
  // The name as its owner wrote it: its shape is measured there, not on the encoding (decision 583).
  const written = writtenLabel(madeByPlatform ? chosen.label : label);
  if (!parts.isIp) {
    set('hyphens', Math.min(4, written.split('-').length - 1) / 4);
    let digits = 0;
    for (let i = 0; i < written.length; i++) if (written.charCodeAt(i) >= 48 && written.charCodeAt(i) <= 57) digits++;
    // A year after a name of letters (`mmsys2022`, `netcom2018`) is an event's edition (decision 622).
    if (YEAR_EDITION.test(written)) digits = 0;
    set('digits', Math.min(4, digits) / 4);
    set('label_length', Math.max(0, Math.min(30, written.length) - LONG_LABEL) / (30 - LONG_LABEL));
    // `www` is the site's own front door, `api.`, `feeds.`, `wiki.` its sections and `2022.` in
    // front a yearly edition (decision 581), not levels of subdomains; a platform's own host name
    // (`docs.google.com`) is the platform's, not a level a tenant chose.
    const subdomain = madeByPlatform ? chosen.subdomain : parts.subdomain;
    const levels =
      subdomain === '' || platformHost
        ? 0
        : subdomain
            .split('.')
            .filter((level, i) => !(i === 0 && level === 'www') && !SITE_SECTIONS.has(level) && !(i === 0 && EDITION.test(level))).length;
    set('subdomain_levels', Math.min(4, levels) / 4);
    subdomainLevels = levels;
    // Only a name that reads as no syllables counts as random: a long honest name has as many bits.
    if (looksRandom(written)) set('label_entropy', Math.min(4.5, entropy(written)) / 4.5);
    if (tld === 'com') set('tld_com');
    else if (tld.length === 2) set('tld_country');
    const form = shape(written);
    if (form.consonants >= 3) set('consonant_run', Math.min(6, form.consonants) / 6);
    if (form.digitRun >= 2) set('digit_run', Math.min(8, form.digitRun) / 8);
    if (form.letters >= 5 && form.vowelShare < 0.2) set('few_vowels');
    // A brand glued to letters that are no word (`uspsqkzrt`): the noise makes each name new.
    if (brand && brand.where === 'label' && (brand.placement === 'affix' || brand.placement === 'infix')) {
      const rest = label.replace(brand.token, '').replaceAll('-', '');
      const restShape = shape(rest);
      if (rest.length >= 3 && lures.length === 0 && (restShape.consonants >= 3 || restShape.vowelShare < 0.25)) set('brand_fused_noise');
    }
    const beforeSuffix = parts.suffix ? parts.host.slice(0, parts.host.length - parts.suffix.length - 1) : parts.host;
    if (GOV_WORD.test(beforeSuffix) && !GOV_SUFFIX.test(parts.suffix ?? '')) set('gov_lure_host');
    // `usps.com-tracking.top`: a brand's whole domain read up to its first hyphen. `www.` in front
    // reads as no one's domain (`www.com-villiers-en-lieu.fr`, a commune's), decision 637.
    if (/^(com|net|org|gov|co)-/.test(label) && parts.subdomain !== '' && parts.subdomain !== 'www') set('brand_dot_com_combo');
    if (parts.host.includes('ipfs')) set('ipfs');
  }
  if (brandFamily) set('brand_country_domain');
  // A ranked domain is an established site; it never vouches for a brand named in its subdomains,
  // a brand next to lure words, or look-alike spelling: that is impersonation, whatever the rank.
  const impersonating =
    values[INDEX.brand_in_subdomain] === 1 ||
    values[INDEX.brand_domain_in_subdomain] === 1 ||
    values[INDEX.label_homoglyph] === 1 ||
    values[INDEX.brand_disguised] === 1 ||
    values[INDEX.mixed_script] === 1 ||
    (anyBrand && lures.length > 0);
  if (popularity > 0 && !impersonating) set('popular_domain', POPULARITY_STRENGTH[popularity]);
  // A host that says nothing a lure says: no brand or look-alike, lure word, abused ending, free
  // host, IP, punycode, government pose or gateway. Its hyphens and length are then only a
  // business's name (`hotel-bellevue-zermatt.ch`), and the model weighs them apart.
  const quiet =
    !anyBrand &&
    lures.length === 0 &&
    !parts.isIp &&
    !platform &&
    !ABUSED_TLDS.has(tld) &&
    values[INDEX.punycode] === 0 &&
    values[INDEX.mixed_script] === 0 &&
    values[INDEX.gov_lure_host] === 0 &&
    values[INDEX.brand_dot_com_combo] === 0 &&
    values[INDEX.ipfs] === 0 &&
    values[INDEX.url_shortener] === 0;
  if (quiet) {
    set('quiet_host');
    set('quiet_url');
    set('quiet_hyphens', values[INDEX.hyphens]!);
    set('quiet_length', values[INDEX.label_length]!);
  }
  const wordsName = !parts.isIp && isWordsName(label);
  return {
    values,
    facts: {
      brand,
      lookalike,
      lures,
      suffix: parts.suffix,
      platform,
      levels: subdomainLevels,
      hyphens: parts.isIp ? 0 : written.split('-').length - 1,
      wordsName,
      projectName: wordsName && platform !== null && label.split('-').some((word) => PROJECT_WORDS.has(word)),
    },
    platformHost,
    // On a free platform the tenant is judged, not the platform: its n-grams are the tenant's
    // name alone, so the platform's share of reports does not fall on every honest project page.
    // On a platform's own host the path says whose page it is.
    grams: parts.isIp
      ? hostGrams('ip', null, null)
      : platformHost
        ? NO_GRAMS
        : platform
          ? tenantGrams(
              madeByPlatform
                ? [chosen.subdomain, chosen.label].filter(Boolean).join('.')
                : parts.host.slice(0, parts.host.length - platform.length - 1),
              MACHINE_HOSTS.has(platform),
            )
          : hostGrams(withoutEdition(parts), parts.suffix, null),
  };
}

/**
 * A label as its owner wrote it (decision 583): an internationalised name (`xn--prestelbru-y5a`)
 * decoded (`prestelbräu`). The encoding's `xn--`, its hyphens and its digits are the encoder's,
 * not the owner's: read as the name's own they made every name with one accented letter a long,
 * hyphenated, numbered one. That the name is encoded stays a feature of its own (`punycode`).
 */
function writtenLabel(label: string): string {
  return label.startsWith('xn--') ? domainToUnicode(label) || label : label;
}

const YEAR_EDITION = /^[a-z]{3,}-?(?:19|20)\d\d$/;
// An edition's year as a subdomain label (`2022.` of `2022.pgconf.nyc`).
const EDITION = /^(?:19|20)\d\d$/;

/**
 * The host an event's or project's yearly edition is read as: without the year in front
 * (decision 581). Conferences give each year's edition its own site (`2016.front-trends.com`,
 * `2022.pgconf.nyc`), a site's section like `www`; as a level and as n-grams the year lifted an
 * honest conference site by 15-30 points (issue 35), while phishing reports hold three such hosts
 * in 62,112, each on an abused or free ending that still says so.
 */
function withoutEdition(parts: HostParts): string {
  const [first] = parts.subdomain.split('.', 1);
  return first && EDITION.test(first) ? parts.host.slice(first.length + 1) : parts.host;
}

function classicEnding(suffix: string | null): boolean {
  const tld = suffix?.split('.').at(-1) ?? '';
  return CLASSIC_TLDS.has(tld) || (tld.length === 2 && !ABUSED_TLDS.has(tld));
}

const CMS_FOLDER = /\/(wp-content|wp-includes|wp-admin|cgi-bin|plugins|themes|vendor|uploads|images|css|js|assets|\.well-known)\//;
// Kit words of four letters or fewer (`owa`, `otp`, `info`, `card`) count where they begin or end
// a run of letters (`otp2.php`, `cardinfo.php`, `webmail.php`), not buried in another word
// (`kurs-programowania.html`, `postcards-shop.html`): that is a language's word, not a kit's page
// (decision 523). Longer ones count anywhere in the file name, as the model was trained.
const SHORT_KIT_WORDS = KIT_PAGE_WORDS.filter((word) => word.length <= 4).join('|');
const LONG_KIT_WORDS = KIT_PAGE_WORDS.filter((word) => word.length > 4).join('|');
const KIT_FILE = new RegExp(
  String.raw`\/[^/]*(${LONG_KIT_WORDS}|(?<![a-z])(${SHORT_KIT_WORDS})|(${SHORT_KIT_WORDS})(?![a-z]))[^/]*\.(php|html?|aspx?|jsp)$`,
);
const SCRIPT_FILE = /\.(php|html?|aspx?|jsp|cgi)$/;
// A path segment or parameter made of letters and digits mixed, the way per-victim tokens are.
const TOKEN = /[a-z0-9_-]{16,}/gi;
const ENCODED = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const DOCS_PATH =
  /^\/(docs?|documentation|wiki|manual|guide|guides|reference|api|man|faq|kb|knowledge-base|hc|help|support|articles?|learn|tutorials?)(\/|$)/i;
const EMAIL = /[a-z0-9._%+-]+(@|%40)[a-z0-9-]+\.[a-z]{2,}/i;
const DIGIT_RUN = /\d+/g;
const NUMBERED_QUERY = /^\?[a-z_]{1,12}=\d{1,8}(&[a-z_]{1,12}=\d{1,8})*$/i;

// The files RFC 8615's registry places at `/.well-known/` that sites serve to programs and
// researchers: a security contact, a password-change redirect, sign-in and app-link metadata,
// federation discovery (decision 578). Kits hide in that folder's subfolders instead
// (`/.well-known/acme-challenge/…`, `/.well-known/pki-validation/…/login.php`).
const WELL_KNOWN_FILE =
  /^\/\.well-known\/(security\.txt|change-password|openid-configuration|oauth-authorization-server|assetlinks\.json|apple-app-site-association|webfinger|nodeinfo|host-meta(\.json)?|mta-sts\.txt|gpc\.json|dnt-policy\.txt|keybase\.txt|traffic-advice)$/i;

/** A registered well-known file at its exact place (`/.well-known/security.txt`). */
export function isWellKnownFile(pathname: string): boolean {
  return WELL_KNOWN_FILE.test(pathname);
}

// Feeds and data files: read by feed readers and programs, never a page a person signs in on.
// Feeds named by their format or contents (`/feed-atom/`, `/rss_feed/`, `/posts_feed`) too (decision 619).
const DOCUMENT_FILE =
  /^(feeds?|rss2?|atom)$|^(feed|rss2?|atom)\.(php|xml)$|\.(rss|atom|xml|json)$|^(feed|rss2?|atom)[-_](rss2?|atom|xml|feed|full)$|^(rss2?|atom|posts|blog|news|comments)[-_]?feeds?$/;
// Blogger's feeds (`/feeds/posts/default`), which every blogspot blog and Blogger-hosted own domain serves.
const BLOGGER_FEED = /^\/feeds\/(posts|comments)\/(default|summary)$/;
const FEED_QUERY = /(^[?]|&)(feed|format)=(rss2?|atom)(&|$)/;

/**
 * A feed (`/feed/`, `/rss.php`, `/?feed=rss2`, `.atom`), a data file (`.xml`, `.json`: a
 * status endpoint, an API description) or a registered well-known file. Phishing reports hold
 * none: a kit is a page.
 */
function isDocumentPath(pathname: string, search: string): boolean {
  if (isWellKnownFile(pathname)) return true;
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (BLOGGER_FEED.test(path)) return true;
  if (DOCUMENT_FILE.test(path.slice(path.lastIndexOf('/') + 1))) return true;
  // A blog's feed asked of its front page (`/?feed=rss2`); on any other page the query is the page's.
  return (path === '' || path === '/index.php') && FEED_QUERY.test(search.toLowerCase());
}

// A word of its own between separators (`taming`, `elk`): what article slugs and folder names are made of.
const WORD_PIECE = /(?:^|[-_/+])[a-z]{3,}(?=[-_/+]|$)/gi;

/** Two or more words of their own: a title or a folder path, not random characters. */
function readsAsWords(text: string): boolean {
  return (text.match(WORD_PIECE)?.length ?? 0) >= 2;
}

/**
 * Letters and digits mixed, 16 or more, the way per-victim tokens are; not a slug of words with
 * an article's id after them (`taming-elk-4e1349f077c3`, as blogs and help centres address posts).
 */
function isToken(text: string): boolean {
  return /\d/.test(text) && /[a-z]/i.test(text) && !/^[a-z]+(-[a-z]+)+$/i.test(text) && !readsAsWords(text);
}

/**
 * A run of 24 or more base64 characters that is an encoded value: random encodings of that length
 * carry digits, while a path of plain words (`/tjenester/skole-og-barnehage/`) or a slug with a
 * post's id after it is the site's own naming. An encoding mixes letters and digits within its
 * pieces; a run whose folders are each all letters or all digits (`/@alice/115129437562598149`,
 * `/profiles/76561198359898431`) is a name and a number, the site's own addressing (decision 573).
 */
export function hasBlob(text: string): boolean {
  for (const match of text.matchAll(ENCODED))
    if (/\d/.test(match[0]) && !readsAsWords(match[0]) && match[0].split('/').some(mixesLettersAndDigits)) return true;
  return false;
}

function mixesLettersAndDigits(piece: string): boolean {
  return /\d/.test(piece) && /[a-z]/i.test(piece);
}

// A run of characters of another script than Latin (Cyrillic, Greek, Arabic, Indic, Chinese...),
// as a URL carries them: two- and three-byte UTF-8, percent-encoded. Four-byte ones are left:
// they are emoji and the mathematical letters kits spell `login.html` with.
const OTHER_SCRIPT = /(?:%(?:c[2-9a-f]|d[0-9a-f])%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2})+/gi;
const OTHER_SCRIPT_CHAR = /%(?:c[2-9a-f]|d[0-9a-f])%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2}/gi;

/**
 * The text without its words in another script (decision 525): a title or folder name in
 * Russian or Arabic reaches the model as rows of `%d0%be`, whose n-grams it learned from kits'
 * encoded values, so every such page read as a kit's. What the words say, it cannot read anyway.
 */
function withoutOtherScripts(text: string): string {
  return text.includes('%') ? text.replace(OTHER_SCRIPT, '') : text;
}

/** The length of an address as a reader sees it: each encoded character of another script is one. */
function readLength(href: string): number {
  return href.includes('%') ? href.replace(OTHER_SCRIPT_CHAR, '_').length : href.length;
}

// A path segment ending in a hexadecimal id of 8-16 characters, or a 32-character page id
// (`careers-at-acme-91ca424701e446bf825c05388d638340`, decision 618), after a separator.
const POST_ID = /^(.+[-_])([0-9a-f]{8,16}|[0-9a-f]{32})$/;

/** The path with each post id after a slug of words read as one `0`, the way numbers are. */
function foldPostIds(pathname: string): string {
  if (!pathname.includes('-') && !pathname.includes('_')) return pathname;
  return pathname.replace(/[^/]+/g, (segment) => {
    const post = POST_ID.exec(segment);
    return post && /\d/.test(post[2]!) && readsAsWords(post[1]!) ? `${post[1]}0` : segment;
  });
}

// A dated permalink's date (`/2023/09/13/` of `/2023/09/13/rare-rust.html`, `/2024/11/` of
// `/blog/2024/11/notes/`): a year and a month, maybe a day, with the post's own segment after it.
const POST_DATE = /\/(?:19|20)\d\d\/(?:0?[1-9]|1[0-2])(?:\/(?:0?[1-9]|[12]\d|3[01]))?(?=\/[^/])/;
// The same date in front of the post's own name (`/posts/2020-05-24-update-everything.html`), as
// Jekyll, Hakyll and Zola name posts after their source files.
const NAME_DATE = /\/(?:19|20)\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[-_](?=[^/]*[a-z])/i;

/**
 * The path a dated permalink is read as: without its date (decision 580). Blogs and news sites
 * file each post under the day it was written, which is the site's numbering of its posts, like
 * a post id: it made an article's path deep and its digits read as a kit's folders (issue 35:
 * one tech weekly's post links in sixteen flagged for the date alone), while phishing reports
 * hold almost none (22 of 80,959, most in a media folder or beside a token).
 */
export function withoutPostDate(pathname: string): string {
  // Most paths hold no year segment: the test is skipped for them (paths are read by the thousand).
  return pathname.includes('/20') || pathname.includes('/19') ? pathname.replace(POST_DATE, '').replace(NAME_DATE, '/') : pathname;
}

// A page named by its title: three or more words of letters joined by hyphens or underscores,
// served as `.html` (`/haskell/what-the-heck-is-typeable.html`, `/announcement-memory-ram-fork.html`).
const TITLED_PAGE = /\/([a-z]+(?:[-_][a-z]+){2,})\.html?$/i;

/**
 * A static page named by its title (decision 579): what site generators make of an article's
 * title, not a script a kit serves. Names with digits (`yeh-matekad-ida-maju-28442.html`, spam
 * pages planted on hacked sites) are not titles here.
 */
export function isTitledPage(pathname: string): boolean {
  const name = TITLED_PAGE.exec(pathname)?.[1];
  return name !== undefined && (name.match(WORD_PIECE)?.length ?? 0) >= 3;
}

// A record's id as sites number posts, episodes, events, users and job openings: a database's
// 24-character object id, a UUID or a 32-character id, lower case, as the whole segment after a
// folder naming what it numbers (`/episode/5efeafa36d76607427547473`, `/post/<uuid>`).
const CONTENT_ID =
  /\/(posts?|p|episodes?|podcasts?|events?|users?|u|display|apply|jobs?|articles?|videos?|notes?|story|stories|threads?|topics?|talks?|items?|attachments|submit|comments?|issues?|profiles?|people|courses?|books?|projects?|shows?|tracks?|playlists?|questions?|answers?|recipes?|listings?|orgdetail)\/(?:[0-9a-f]{24}|[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=\/|$)/g;

/**
 * The path with each record id after a folder naming what it numbers read as one `0`, the way
 * numbers are (decision 618): podcasts', forums' and job boards' addressing, not a kit's
 * per-victim token. None of the corpus's 86,598 phishing URLs holds one after these folders (two
 * have upper-case UUIDs after `/page/`, left as tokens); kits put theirs after `/form/`, `/token/`,
 * `/a/` or at the root.
 */
export function withoutContentIds(pathname: string): string {
  return pathname.length > 25 ? pathname.replace(CONTENT_ID, '/$1/0') : pathname;
}

// A post addressed by its title's slug, no extension (`/a-year-of-work-on-the-alpm-project/`).
const SLUG_PAGE = /\/([a-z0-9]+(?:-[a-z0-9]+){3,})\/?$/;

/**
 * A page addressed by its title's slug (decision 621): four or more lower-case pieces joined by
 * hyphens, three or more of them words of letters, as blogs and CMSs address their posts
 * (`/replacing-elasticsearch-with-rust-and-sqlite`). A UUID or a kit's random pieces are no title.
 */
export function isSluggedPage(pathname: string): boolean {
  const name = SLUG_PAGE.exec(pathname)?.[1];
  return name !== undefined && (name.match(WORD_PIECE)?.length ?? 0) >= 3;
}

function hasToken(text: string): boolean {
  for (const match of text.matchAll(TOKEN)) if (isToken(match[0])) return true;
  return false;
}

/**
 * What a path and query say, whatever the host: computed once per distinct path (logs repeat
 * them). `gramSum` is the model's weight of the path's n-grams, filled in by the engine.
 */
export type PathFeatures = {
  values: Float64Array;
  nonzero: Int32Array;
  brand: Brand | null;
  lures: number;
  /** Lure words outside the page's own file name (`/verify/login.php` has one, `/login.php` none). */
  luresBeforeFile: number;
  /** No lure word, kit file, token, blob, e-mail address, CMS folder, executable or brand. */
  quiet: boolean;
  /** A feed or data file (`isDocumentPath`). */
  document: boolean;
  grams: Grams;
  gramSum: number;
  /** What the n-grams read (the query's numbers folded). */
  gramText: string;
  /** The page is a folder's default document (`/index.html`, `/docs/index.php`). */
  defaultDocument: boolean;
  /** The path is a dated permalink (`withoutPostDate`): its page name is no script page. */
  dated: boolean;
  /** A quiet reading page: a dated post, a docs, blog or wiki page (`isContentPath`). */
  content: boolean;
  /** A post of a federated social server, with no lure, brand or query (`isSocialPostPath`). */
  socialPost: boolean;
  /** The page is named by its title (`isTitledPage`): its `.html` is no script page. */
  titled: boolean;
  /**
   * A quiet article with no query: a dated post, a titled page (decision 579) or a slugged one
   * (621); a dated post may name a brand (599).
   */
  article: boolean;
  /** The n-grams without the long ids a platform addresses documents by (`platformPathGrams`). */
  platformGrams?: Grams;
  platformGramSum: number;
};

export function pathFeatures(pathname: string, search: string, pathBrands: PathBrands | null): PathFeatures {
  const values = new Float64Array(FEATURE_COUNT);
  const path = pathname.toLowerCase();
  // What the path's shape and n-grams read: a dated permalink without its date.
  const undated = withoutPostDate(pathname);
  const dated = undated !== pathname;
  // ...and without the record ids sites number their posts and episodes by (decision 618). An id
  // reads as a token, so paths without one (most) skip the rewrite.
  let tokened = hasToken(undated);
  const read = tokened ? withoutContentIds(undated) : undated;
  if (read !== undated) tokened = hasToken(read);
  if (EXECUTABLE_PATH.test(pathname)) values[INDEX.executable_path] = 1;
  const lures = luresInText(pathname) + luresInText(search);
  values[INDEX.lure_in_path] = Math.min(2, lures) / 2;
  values[INDEX.has_path] = 1;
  let depth = 0;
  for (let i = 1; i < read.length; i++) if (read.charCodeAt(i) === 47 && i < read.length - 1) depth++;
  values[INDEX.path_depth] = Math.min(8, depth + 1) / 8;
  values[INDEX.path_length] = Math.min(200, read.length) / 200;
  values[INDEX.query_length] = Math.min(200, search.length) / 200;
  if (CMS_FOLDER.test(path) && !isWellKnownFile(path)) values[INDEX.cms_folder] = 1;
  const document = isDocumentPath(pathname, search);
  const titled = isTitledPage(pathname);
  if (KIT_FILE.test(path)) values[INDEX.kit_file] = 1;
  // A dated permalink's or a titled page's `.html` is the page name its site generator gives every
  // post, and a feed's `rss.php` is read by programs (decision 579): none is a script page.
  else if (SCRIPT_FILE.test(path) && !dated && !titled && !document) values[INDEX.script_file] = 1;
  // A post's date in its name (`2020-07-04-prometheus`) is its numbering, not a token.
  if (tokened || hasToken(search)) values[INDEX.token_segment] = 1;
  if (hasBlob(pathname) || hasBlob(search)) values[INDEX.encoded_blob] = 1;
  if (EMAIL.test(pathname) || EMAIL.test(search)) values[INDEX.email_in_url] = 1;
  if (DOCS_PATH.test(pathname)) values[INDEX.docs_path] = 1;
  const brand = pathBrands ? pathBrands.find(path + search.toLowerCase()) : null;
  const nonzero: number[] = [];
  for (let i = 0; i < FEATURE_COUNT; i++) if (values[i] !== 0) nonzero.push(i);
  // A number in the query (`?v=7`, a page or version number) says nothing a different number
  // would not: the n-grams read each run of digits as one `0`. A query of nothing but short
  // numbered parameters (`?v=7`, `?page=2`) is left out of them: the honest pages the model was
  // trained on, read from file trees, never carry one, so its n-grams would read as a kit's.
  // A post's id after its slug (`/taming-elk-4e1349f077c3`) is the blog's numbering, like a number.
  // Words in another script than Latin are left out of them too (decision 525).
  const gramText = withoutOtherScripts(foldPostIds(read) + (NUMBERED_QUERY.test(search) ? '' : search.replace(DIGIT_RUN, '0')));
  const grams = pathGrams(gramText);
  // A plain `.html` or `.php` page is how many honest sites are built: only lure-named ones are loud.
  const loud = ['executable_path', 'cms_folder', 'kit_file', 'token_segment', 'encoded_blob', 'email_in_url'] as const;
  const plain = lures === 0 && loud.every((name) => values[INDEX[name]] === 0);
  const quiet = plain && brand === null;
  const luresBeforeFile = lures - luresInText(pathname.slice(pathname.lastIndexOf('/') + 1));
  return {
    values,
    nonzero: Int32Array.from(nonzero),
    brand,
    lures,
    luresBeforeFile,
    quiet,
    document,
    grams,
    gramSum: Number.NaN,
    gramText,
    defaultDocument: DEFAULT_DOCUMENT.test(pathname),
    dated,
    content: quiet && search === '' && (dated || isContentPath(pathname)),
    // The path is the post's address and nothing else, so a video's id is its only token.
    socialPost: lures === 0 && brand === null && search === '' && isSocialPostPath(pathname),
    titled,
    // A dated post may name a brand in its title (`/2019/10/01/searching-instagram-part-2/`): a
    // write-up about the brand, as security newsletters link to (decision 599); phishing reports
    // hold almost no dated permalinks (`withoutPostDate`), and a lure word still keeps it out.
    article: search === '' && ((quiet && (dated || titled || isSluggedPage(pathname))) || (plain && dated)),
    platformGramSum: Number.NaN,
  };
}

/**
 * The path's n-grams as read on a platform's own host: every document there is addressed by a
 * long id (`/document/d/1aBc…/edit`), which is the platform's numbering, not the tenant's words.
 */
export function platformPathGrams(path: PathFeatures): Grams {
  path.platformGrams ??= pathGrams(path.gramText.replace(TOKEN, (token) => (isToken(token) ? '' : token)));
  return path.platformGrams;
}

/**
 * The whole URL's features: the host's plus what the path, port and user information add, written
 * into `into` when given (the engine reuses one buffer instead of allocating per URL).
 */
export function urlFeatures(url: URL, host: HostFeatures, path: PathFeatures | null, into?: Float64Array): UrlFeatureSet {
  const { port, username, password } = url;
  // Most log lines are a bare host: its shared features serve as they are (they are only read).
  if (!port && !username && !password && !path) return { values: host.values, host: host.grams, path: NO_GRAMS, facts: host.facts };
  const values = into ?? new Float64Array(FEATURE_COUNT);
  values.set(host.values);
  if (port) values[INDEX.unusual_port] = 1;
  if (username || password) values[INDEX.credentials_in_url] = 1;
  // A quiet host stays a quiet URL only while the rest of the address says nothing either.
  if (port || username || password || (path && !path.quiet)) values[INDEX.quiet_url] = 0;
  // Honest links lead to pages (`/de/zimmer`, `/contact`); whether a quiet page on a quiet host is
  // as telling as a kit's short path is the model's to learn, apart from `has_path`.
  else if (path && values[INDEX.quiet_url] === 1) values[INDEX.quiet_path] = 1;
  if (url.href.length > LONG_URL && readLength(url.href) > LONG_URL) values[INDEX.long_url] = 1;
  let facts = host.facts;
  if (!path) return { values, host: host.grams, path: NO_GRAMS, facts };
  for (const index of path.nonzero) values[index] = path.values[index]!;
  // On a platform's own host the path's shape is the platform's routing (`/document/d/<id>/edit`)
  // and its long ids are how every document is addressed: only what a tenant wrote in it counts.
  if (host.platformHost) for (const index of PLATFORM_SHAPE) values[index] = 0;
  // `login.html` is a kit's page name only where something else says kit: a brand or lure word in
  // the host or path, free hosting, an abused ending, a bare IP, a token, a blob, an e-mail address
  // or a CMS folder. On a plain host it is a site's own sign-in page (`/banking/login.html`).
  // `index.html` is the page every static site and folder serves by default (decision 508): a
  // kit's page name only when a brand or lure word in the host or path says whose sign-in it
  // fakes. Free hosting alone does not: every project page on github.io is one (issue 35).
  if (values[INDEX.kit_file] === 1 && path.defaultDocument && !namesBrandOrLure(host, path)) values[INDEX.kit_file] = 0;
  if (values[INDEX.kit_file] === 1 && !kitContext(host, path)) {
    values[INDEX.kit_file] = 0;
    if (!path.dated && !path.titled) values[INDEX.script_file] = 1;
  }
  // A brand in the path counts only when the host names none: otherwise the host says it better.
  if (path.brand && !host.facts.brand && !host.facts.lookalike) {
    values[INDEX.brand_in_path] = 1;
    if (path.lures > 0) values[INDEX.brand_in_path_with_lure] = 1;
    facts = { ...host.facts, pathBrand: path.brand, sentences: undefined };
  }
  return {
    values,
    host: host.grams,
    path: host.platformHost ? platformPathGrams(path) : path.grams,
    facts,
    document: path.document,
    content: path.content,
    socialPost: path.socialPost,
    article: path.article,
  };
}

// Where sites keep what people read: docs, guides, blogs, posts, notes, a blog's static pages
// (`/p/about.html` on Blogger), project pages.
const CONTENT_PATH =
  /^\/(docs?|documentation|wiki|manual|guides?|reference|articles?|learn|tutorials?|blog|posts?|notes|p|projects?)\/[^?#]*$/i;

/**
 * A reading page (issue 35, decision 680): under a docs, guide, blog, post or wiki folder. Of the
 * corpus's 34,500 phishing reports on free platforms' tenants, three have such a path or a dated
 * one (two with a brand or lure in the tenant); honest tenants' project docs and blog posts live there.
 */
export function isContentPath(pathname: string): boolean {
  return CONTENT_PATH.test(pathname) && !pathname.includes('//');
}

// A post on a federated social server, as Mastodon and the servers speaking its dialect address
// it (`/@alice/115129437562598149`, `/@alice@other.example/…`, `/users/alice/statuses/…`), and a
// video on a PeerTube server (`/videos/watch/<uuid>`, `/w/<22-character short id>`).
const SOCIAL_POST =
  /^\/(((@[a-z0-9_.-]{1,64}(@[a-z0-9.-]+)?|users\/[a-z0-9_.-]{1,64}\/statuses)\/\d{6,20})|videos\/watch\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|w\/[1-9A-HJ-NP-Za-km-z]{22})\/?$/i;

/**
 * A post or video of a federated social server (decision 577): what newsletters and link
 * aggregators share from thousands of small servers. None of the corpus's 86,598 phishing reports
 * has such a path; the post's number or id and the server's name were all the model read.
 */
export function isSocialPostPath(pathname: string): boolean {
  return SOCIAL_POST.test(pathname);
}

const PLATFORM_SHAPE = (['path_depth', 'path_length', 'query_length', 'token_segment', 'encoded_blob'] as const).map((name) => INDEX[name]);
const KIT_HOST_SIGNS: FeatureName[] = ['abused_tld', 'free_hosting', 'ip_host', 'punycode', 'gov_lure_host', 'ipfs'];
const KIT_PATH_SIGNS: FeatureName[] = ['token_segment', 'encoded_blob', 'email_in_url', 'cms_folder', 'executable_path'];

// A folder's default document, whatever the server builds it with, and its translations
// (`index.ru.html`, `index_eng.html`, `index-pt-br.html`): the same page in another language, no
// kit's page name (decision 576).
const DEFAULT_DOCUMENT = /\/index(?:[._-][a-z]{2,3}(?:[_-][a-z]{2})?)?\.(html?|php|aspx?|jsp)$/i;

function namesBrandOrLure(host: HostFeatures, path: PathFeatures): boolean {
  const { facts } = host;
  return facts.brand !== null || facts.lookalike !== null || facts.lures.length > 0 || path.brand !== null || path.lures > 0;
}

function kitContext(host: HostFeatures, path: PathFeatures): boolean {
  const { facts, values } = host;
  if (facts.brand || facts.lookalike || facts.lures.length > 0 || path.brand || path.luresBeforeFile > 0) return true;
  return KIT_HOST_SIGNS.some((name) => values[INDEX[name]] !== 0) || KIT_PATH_SIGNS.some((name) => path.values[INDEX[name]] !== 0);
}

/** How many lure words stand as words of their own in a path or query, read without a regex split. */
function luresInText(text: string): number {
  let count = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) | 0x20 : 0;
    const wordChar = i < text.length && ((code >= 97 && code <= 122) || (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57));
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= 3 && LURE_WORDS.has(text.slice(start, i).toLowerCase())) count++;
      start = -1;
    }
  }
  return count;
}
