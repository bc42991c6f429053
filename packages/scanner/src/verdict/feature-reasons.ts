import { CLASSIFICATIONS } from './signal.ts';
import type { FeatureFacts, FeatureName, Reason } from './url-features.ts';

function brandName(facts: FeatureFacts): string {
  const brand = facts.brand?.brand ?? (facts.lookalike && 'target' in facts.lookalike ? facts.lookalike.target.brand : null);
  if (brand) return brand.name;
  if (facts.lookalike && 'target' in facts.lookalike) return facts.lookalike.target.domain;
  if (facts.lookalike && 'brand' in facts.lookalike) return facts.lookalike.brand.name;
  return 'a well-known brand';
}

function lureList(facts: FeatureFacts): string {
  return facts.lures.slice(0, 4).join(', ');
}

/**
 * One hyphen is not "many" (decision 509): `hoshizora-server` joins two words as half the world's
 * businesses do. The feature's weight is unchanged; what the reason says follows the count.
 */
function hyphenReason(facts: FeatureFacts): Reason {
  return facts.hyphens === 1
    ? { code: 'hyphen_in_name', message: 'The domain name joins two words with a hyphen.', classification: null }
    : { code: 'many_hyphens', message: 'The domain strings words together with hyphens.', classification: null };
}

const TYPO = CLASSIFICATIONS.typosquatting;
const IMPERSONATION = CLASSIFICATIONS.brandImpersonation;

/** The plain-language reason behind one feature of the learned verdict. */
export const FEATURE_REASONS: Record<FeatureName, (facts: FeatureFacts) => Reason> = {
  label_typo: (f) => ({ code: 'typosquatting', message: `The domain is one typing slip away from ${brandName(f)}.`, classification: TYPO }),
  label_typo_two: (f) => ({
    code: 'typosquatting',
    message: `The domain is two typing slips away from ${brandName(f)}.`,
    classification: TYPO,
  }),
  label_typo_site: (f) => ({
    code: 'typosquatting',
    message: `The domain is one typing slip away from ${brandName(f)}.`,
    classification: TYPO,
  }),
  label_typo_short: () => ({ code: 'short_name_slip', message: 'The name it resembles is short.', classification: null }),
  plain_short_slip: () => ({
    code: 'plain_short_slip',
    message: 'The name differs from a short brand name by one ordinary letter and says nothing else.',
    classification: null,
  }),
  bare_brand_name: () => ({
    code: 'bare_brand_name',
    message: 'The name is a plain word on a long-established ending, as brands and ordinary businesses hold.',
    classification: null,
  }),
  label_homoglyph: (f) => ({
    code: 'homoglyph_domain',
    message: `The domain is spelled with look-alike characters to pass for ${brandName(f)}.`,
    classification: TYPO,
  }),
  label_tld_swap: (f) => ({
    code: 'tld_swap',
    message: `The domain reuses the name of ${brandName(f)} under another top-level domain.`,
    classification: TYPO,
  }),
  brand_word: (f) => ({
    code: 'brand_token',
    message: `The domain carries the brand name ${brandName(f)}, but the brand does not own it.`,
    classification: IMPERSONATION,
  }),
  brand_affix: (f) => ({
    code: 'brand_token',
    message: `The domain joins the brand name ${brandName(f)} to other words, but the brand does not own it.`,
    classification: IMPERSONATION,
  }),
  brand_infix: (f) => ({
    code: 'brand_token',
    message: `The domain hides the brand name ${brandName(f)} inside a longer word.`,
    classification: IMPERSONATION,
  }),
  brand_disguised: (f) => ({
    code: 'brand_lookalike_token',
    message: `The domain spells the brand name ${brandName(f)} with look-alike characters or digits.`,
    classification: TYPO,
  }),
  brand_slip: (f) => ({
    code: 'brand_misspelled',
    message: `The domain carries a misspelling of the brand name ${brandName(f)}.`,
    classification: TYPO,
  }),
  brand_likely_slip: () => ({
    code: 'typo_pattern',
    message: 'The misspelling swaps a letter for a neighbouring key or a look-alike glyph, as typosquatters do.',
    classification: TYPO,
  }),
  brand_in_subdomain: (f) => ({
    code: 'brand_in_subdomain',
    message: `The host names the brand ${brandName(f)} in a subdomain of a domain the brand does not own.`,
    classification: IMPERSONATION,
  }),
  brand_domain_in_subdomain: (f) => ({
    code: 'brand_lure_subdomain',
    message: `The host puts ${brandName(f)}'s domain in front of a domain the brand does not own.`,
    classification: IMPERSONATION,
  }),
  brand_curated: (f) => ({
    code: 'phished_brand',
    message: `${brandName(f)} is among the brands phishing imitates most.`,
    classification: null,
  }),
  brand_lure_sector: (f) => ({
    code: 'lure_sector',
    message: `${brandName(f)} holds money or identities (bank, payment, crypto, government or delivery), what phishing is after.`,
    classification: null,
  }),
  brand_short_name: () => ({ code: 'short_brand_name', message: 'The brand name found is short.', classification: null }),
  brand_name_length: () => ({
    code: 'brand_name_length',
    message: 'The brand name found is long enough to be no accident.',
    classification: null,
  }),
  brand_with_lure: (f) => ({
    code: 'brand_with_lure',
    message: `The brand name comes with words phishing pages use: ${lureList(f)}.`,
    classification: CLASSIFICATIONS.phishing,
  }),
  brand_on_free_hosting: (f) => ({
    code: 'brand_on_free_hosting',
    message: `The brand name sits on ${f.platform}, a platform where anyone gets a free subdomain.`,
    classification: CLASSIFICATIONS.phishing,
  }),
  brand_on_abused_tld: (f) => ({
    code: 'brand_on_abused_tld',
    message: `The brand name sits under .${f.suffix}, an ending common in abuse reports.`,
    classification: null,
  }),
  lure_account: (f) => ({ code: 'lure_words', message: `The host asks to sign in or verify: ${lureList(f)}.`, classification: null }),
  lure_billing: (f) => ({ code: 'lure_words', message: `The host speaks of payments: ${lureList(f)}.`, classification: null }),
  lure_wallet: (f) => ({
    code: 'lure_words',
    message: `The host speaks of connecting or restoring a wallet: ${lureList(f)}.`,
    classification: null,
  }),
  lure_giveaway: (f) => ({
    code: 'giveaway_words',
    message: `The host promises free money or prizes: ${lureList(f)}.`,
    classification: CLASSIFICATIONS.scam,
  }),
  lure_delivery: (f) => ({ code: 'lure_words', message: `The host speaks of a parcel or delivery: ${lureList(f)}.`, classification: null }),
  lure_support: (f) => ({ code: 'lure_words', message: `The host poses as a help desk: ${lureList(f)}.`, classification: null }),
  lure_crypto: (f) => ({ code: 'crypto_words', message: `The host uses crypto vocabulary: ${lureList(f)}.`, classification: null }),
  lure_product: (f) => ({
    code: 'product_words',
    message: `The host poses as an app or edition of a product: ${lureList(f)}.`,
    classification: null,
  }),
  lure_joined: (f) => ({ code: 'lure_words', message: `The host joins lure words to its name: ${lureList(f)}.`, classification: null }),
  name_coverage: () => ({
    code: 'name_of_lures',
    message: 'The domain name is made only of a brand name and lure words.',
    classification: null,
  }),
  lures_without_brand: (f) => ({
    code: 'lure_combination',
    message: `The host strings several lure words together: ${lureList(f)}.`,
    classification: CLASSIFICATIONS.scam,
  }),
  lure_in_path: () => ({ code: 'lure_path', message: 'The path contains words phishing pages use.', classification: null }),
  abused_tld: (f) => ({
    code: 'abused_tld',
    message: `The top-level domain .${f.suffix} is common in abuse reports.`,
    classification: null,
  }),
  free_hosting: (f) => ({
    code: 'free_hosting',
    message: `The site is on ${f.platform}, where anyone can publish a page for free.`,
    classification: null,
  }),
  url_shortener: () => ({
    code: 'url_shortener',
    message: 'The address is a link shortener that hides the final destination.',
    classification: null,
  }),
  ip_host: () => ({ code: 'ip_host', message: 'The address uses a bare IP address instead of a domain name.', classification: null }),
  unusual_port: () => ({ code: 'unusual_port', message: 'The address uses a non-standard port.', classification: null }),
  credentials_in_url: () => ({
    code: 'credentials_in_url',
    message: 'The address hides its real host behind user information before an @ sign.',
    classification: null,
  }),
  punycode: () => ({
    code: 'punycode_host',
    message: 'The host name contains international characters encoded as xn--.',
    classification: null,
  }),
  mixed_script: () => ({ code: 'mixed_script', message: 'The domain mixes Latin letters with other alphabets.', classification: TYPO }),
  hyphens: (f) => hyphenReason(f),
  digits: () => ({ code: 'digits_in_name', message: 'The domain name mixes in digits.', classification: null }),
  label_length: () => ({ code: 'long_name', message: 'The domain name is long.', classification: null }),
  subdomain_levels: (f) => ({
    code: 'deep_subdomains',
    message: (f.levels ?? 0) >= 2 ? 'The host name has several subdomain levels.' : 'The address is on a subdomain of its domain.',
    classification: null,
  }),
  label_entropy: () => ({ code: 'random_name', message: 'The domain name looks random.', classification: null }),
  tld_com: () => ({ code: 'tld_com', message: 'The domain is a .com.', classification: null }),
  tld_country: (f) => ({ code: 'tld_country', message: `The domain is under the country code .${f.suffix}.`, classification: null }),
  executable_path: () => ({
    code: 'executable_download',
    message: 'The address points straight at an executable or script file.',
    classification: CLASSIFICATIONS.malware,
  }),
  long_url: () => ({ code: 'long_url', message: 'The address is unusually long.', classification: null }),
  lure_scare: (f) => ({
    code: 'scare_words',
    message: `The host uses the wording of fake alerts, fake support or fake CAPTCHAs: ${lureList(f)}.`,
    classification: CLASSIFICATIONS.scam,
  }),
  // Said as found: three consonants in a row (`purchase`) are common in words, so no "random" here.
  consonant_run: () => ({ code: 'consonant_run', message: 'The domain name has consonants in a row.', classification: null }),
  digit_run: () => ({ code: 'digits_in_name', message: 'The domain name carries a run of digits.', classification: null }),
  few_vowels: () => ({ code: 'few_vowels', message: 'The domain name has few vowels.', classification: null }),
  brand_fused_noise: (f) => ({
    code: 'brand_with_noise',
    message: `The domain glues the brand name ${brandName(f)} to random letters.`,
    classification: IMPERSONATION,
  }),
  gov_lure_host: () => ({
    code: 'government_lure',
    message: 'The host poses as a government service on a domain no government uses.',
    classification: CLASSIFICATIONS.phishing,
  }),
  brand_dot_com_combo: () => ({
    code: 'domain_in_name',
    message: 'The host spells a .com domain in front of a hyphen, so the real domain is another one.',
    classification: IMPERSONATION,
  }),
  brand_country_domain: () => ({
    code: 'brand_country_domain',
    message: "The domain is a brand's own name under a country ending.",
    classification: null,
  }),
  ipfs: () => ({
    code: 'ipfs',
    message: 'The page is served from IPFS, where anyone can publish and nothing is taken down.',
    classification: null,
  }),
  has_path: () => ({ code: 'has_path', message: 'The address leads to a page deep in the site.', classification: null }),
  path_depth: () => ({ code: 'deep_path', message: 'The page sits deep in folders.', classification: null }),
  path_length: () => ({ code: 'long_path', message: 'The path is long.', classification: null }),
  query_length: () => ({ code: 'long_query', message: 'The address carries a long query.', classification: null }),
  cms_folder: () => ({
    code: 'cms_folder',
    // Said of every folder `cms_folder` reads (`css`, `images`, `uploads` too), not only a builder's.
    message:
      "The page sits inside a site's program or file folders (wp-content, plugins, css, uploads...), where phishing kits hide on hacked sites.",
    classification: null,
  }),
  kit_file: () => ({
    code: 'kit_file',
    message: "The page is named like a phishing kit's sign-in or verification page.",
    classification: CLASSIFICATIONS.phishing,
  }),
  script_file: () => ({ code: 'script_file', message: 'The address opens a script or a static page file directly.', classification: null }),
  token_segment: () => ({ code: 'token_path', message: 'The path carries a random-looking token.', classification: null }),
  encoded_blob: () => ({ code: 'encoded_path', message: 'The address carries an encoded blob.', classification: null }),
  brand_in_path: (f) => ({
    code: 'brand_in_path',
    message: `The path names ${f.pathBrand?.name ?? 'a brand'}, on a host the brand does not own.`,
    classification: IMPERSONATION,
  }),
  brand_in_path_with_lure: (f) => ({
    code: 'brand_in_path_with_lure',
    message: `The path names ${f.pathBrand?.name ?? 'a brand'} next to sign-in or payment words, on a host the brand does not own.`,
    classification: CLASSIFICATIONS.phishing,
  }),
  email_in_url: () => ({
    code: 'email_in_url',
    message: 'The address carries an e-mail address, as links made for one victim do.',
    classification: null,
  }),
  docs_path: () => ({ code: 'docs_path', message: 'The page is in a documentation or help section.', classification: null }),
  quiet_host: () => ({ code: 'plain_host', message: 'The domain names no brand and carries no lure word.', classification: null }),
  quiet_url: () => ({ code: 'plain_address', message: 'Nothing in the address names a brand or lures.', classification: null }),
  quiet_path: () => ({ code: 'plain_page', message: 'The page and its host name no brand and carry no lure word.', classification: null }),
  quiet_hyphens: (f) => hyphenReason(f),
  quiet_length: () => ({ code: 'long_name', message: 'The domain name is long.', classification: null }),
  popular_domain: () => ({
    code: 'popular_domain',
    message: 'The domain is among the most visited sites of a public ranking.',
    classification: null,
  }),
};

/** The reason for what the hashed n-grams add: no single word, the address's whole shape. */
export const ADDRESS_PATTERN_REASON: Reason = {
  code: 'address_pattern',
  message: 'The address looks like known phishing addresses.',
  classification: null,
};

const NO_FACTS: FeatureFacts = { brand: null, lookalike: null, lures: [], suffix: null, platform: null };
const CLASS_OF_CODE = new Map<string, string | null>();
const ONE_HYPHEN: FeatureFacts = { ...NO_FACTS, hyphens: 1 };
for (const reason of [...Object.values(FEATURE_REASONS).map((make) => make(NO_FACTS)), hyphenReason(ONE_HYPHEN), ADDRESS_PATTERN_REASON])
  if (!CLASS_OF_CODE.get(reason.code)) CLASS_OF_CODE.set(reason.code, reason.classification);

/** The class a learned-model reason code points to (Typosquatting, Brand impersonation...), or null. */
export function modelReasonClass(code: string): string | null | undefined {
  return CLASS_OF_CODE.get(code);
}
