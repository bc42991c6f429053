import { brandsOfAccounts, brandsOfSignInTitle } from '../brand/account-brands.ts';
import type { Brand } from '../brand/brand-catalogue.ts';
import { brandsNamedIn, ownsDomain } from '../brand/named-brands.ts';
import { pageBrandCatalogue } from '../brand/page-brands.ts';
import { brandsOfLogos } from '../brand/page-logos.ts';
import { latinDisguise } from '../brand/skeleton.ts';
import { consonantSkeleton, latinReading, writesAbjad, writesOtherScript } from '../page/latin-reading.ts';
import { alternation, lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { PageFacts, PageImage } from '../page/page-facts.ts';
import { allInputs, asksForLogin, asksForSecrets, asksOnceClicked, isCardInput } from '../page/sensitive-inputs.ts';
import { isLocalAddress } from '../url/local-address.ts';
import { urlFacts, type UrlFacts } from '../url/url-facts.ts';
import { isUserContentHost, LURE_WORDS } from '../url-knowledge/index.ts';

/**
 * Who a page says it is, read from the page: its title, site name, headings, logos and their
 * alt texts, copyright line, buttons and the brand's own asset files, in any script the brand
 * catalogue writes names in. Shared by the page checks and by the scan's one verdict, which asks
 * whether the page confirms or clears what the URL suggests.
 */

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i').replace(/ł/g, 'l').replace(/ß/g, 'ss');

/**
 * True when `text` names the site by its own domain: the whole label (or its words in one name with
 * a word or two of the name between them), or two consecutive words of it. A brand word inside the domain ("chase-secure-verify") is the disguise, not the site's name,
 * unless the text carries the whole label ("Sparkasse Emmental" on sparkasse-emmental.ch: a
 * member of a group brand on its own domain). With `plainly`, words phishing hosts are made of
 * ("wallet-sync-restore") never name anyone. `claimed`: brands the page presents itself as,
 * whose words in the domain are theirs, not the site's.
 */
export function namesItself(text: string, domainLabel: string | null, plainly = false, claimed: readonly Brand[] = []): boolean {
  if (!domainLabel) return false;
  // A name in another script is read in Latin letters too ("山嵐茶行" for shanlan-tea, decision 593).
  const otherScript = writesOtherScript(text);
  if (otherScript) text = `${text}\n${latinReading(text)}`;
  const compact = fold(text).replace(/[^a-z0-9]/g, '');
  const tokens = domainLabel.toLowerCase().split('-');
  const whole = tokens.join('');
  // "log-masuk", "anmelden": the words of signing in name no organisation, in any of the lexicon's languages.
  const lure = (token: string) => (plainly && LURE_WORDS.has(token)) || SIGN_IN_WORD.test(token);
  // A word of a brand the page claims ("ING", "impots.gouv.fr") is that brand's, however short.
  const brandWords = new Set(claimed.flatMap((brand) => [...brand.tokens, ...fold(brand.name).split(/[^a-z0-9]+/)]));
  const brand = (token: string) => brandWords.has(token) || brandsNamedIn(token, pageBrandCatalogue()).length > 0;
  const plain = (token: string) => !brand(token) && !lure(token);
  // "Sparkasse Emmental" names a member of a group brand by its place; "Nexi verifica 3dsecure" is a brand in disguise.
  const ownWord = (token: string) => plain(token) && !DISGUISE.test(token);
  const branded = tokens.some(brand);
  // A member of a group brand is the brand and its place ("sparkasse-emmental"); a brand among more
  // words ("mijn-ing-pasvervanging", "espace-particulier-impots") is a combosquat, whatever the
  // other words are, and a page repeating its own host name in the title does not make it the site's.
  const disguised = (tokens.some((token) => !plain(token)) && !tokens.some(ownWord)) || (branded && tokens.length > 2);
  // Apart, every word of the name is a plain one: "Netflix Account Billing" is a kit's heading, not netflix-billing's name.
  const nameWord = (word: string) => ownWord(word) && !LURE_WORDS.has(word);
  const spelled =
    compact.includes(whole) ||
    (!tokens.some((token) => LURE_WORDS.has(token)) &&
      (spelledApart(text, tokens, nameWord) || (otherScript && readInOtherScript(text, tokens, nameWord, brandWords))));
  if (tokens.length > 1 && whole.length >= 10 && spelled && !tokens.every(lure) && !disguised) return true;
  if (tokens.length === 1)
    return tokens[0]!.length >= 4 && ownWord(tokens[0]!) && (compact.includes(tokens[0]!) || gluesTwoNameWords(text, tokens[0]!));
  if (disguised) return false;
  // "kanzlei-brehm" for "Brehm & Partner Rechtsanwälte": the organisation's kind beside its own name, the name alone written.
  const kinds = tokens.filter((token) => ORGANISATION_KIND_WORD.test(token));
  const name = tokens.find((token) => !ORGANISATION_KIND_WORD.test(token));
  if (tokens.length === 2 && kinds.length === 1 && name && /^[a-z0-9]{4,}$/.test(name) && ownWord(name)) {
    if (new RegExp(`(?:^|[^a-z0-9])${name}(?:[^a-z0-9]|$)`).test(fold(text))) return true;
  }
  const initials = initialsOf(text);
  // "cm-vilaflor" for "Câmara Municipal de Vila Flor": an abbreviation of the organisation's kind beside its own name.
  const abbreviated = (short: string, word: string) =>
    /^[a-z]{2,4}$/.test(short) &&
    initials.some((run) => run.includes(short)) &&
    word.length >= 6 &&
    ownWord(word) &&
    compact.includes(word);
  // Beside a brand the page names as loudly, two words of a longer domain are the kit's heading
  // ("Mijn ING - Nieuwe betaalpas aanvragen" on nieuwe-betaalpas-aanvraag.info), not a name (decision 567).
  if (claimed.length > 0 && tokens.length > 2) return false;
  return tokens.some((token, index) => {
    const next = tokens[index + 1];
    if (next === undefined || !plain(token) || !plain(next)) return false;
    return ((ownWord(token) || ownWord(next)) && compact.includes(token + next)) || abbreviated(token, next) || abbreviated(next, token);
  });
}

/** The shortest stem of a domain word that must agree with a transliterated word ("ostrovsk" of ostrovskaya and Островской). */
const STEM_MIN = 4;
/** Letters a transliterated word may differ by at its end: case endings ("Островской" for ostrovskaya) and spelling of the ending. */
const ENDING_SLACK = 3;
/** The fewest consonants an abjad's spelling of a domain must share with it to name it. */
const SKELETON_MIN = 5;

/**
 * True when a line written in another script names the domain's words, read in Latin letters
 * (decision 593). Transliterations differ from a domain's spelling ("kh" for "h") and names take
 * case endings ("Бухгалтерия Островской" for buhgalter-ostrovskaya), so each word agrees by its stem,
 * in either order ("Зала «Львівська»" for lvivska-zala); an abjad leaves vowels out, so Arabic and
 * Hebrew names agree by their consonants ("عود النخيل" for oud-alnakheel). Every domain word must
 * be a name word (no brand, lure or sign-in word), within one part of a line that presents no brand.
 */
function readInOtherScript(
  text: string,
  tokens: readonly string[],
  nameWord: (word: string) => boolean,
  claimedWords: ReadonlySet<string>,
): boolean {
  if (!tokens.every(nameWord)) return false;
  const whole = consonantSkeleton(tokens.join(''));
  // A title's parts apart: a name is written within one ("… — Бухгалтерия Островской"), and a part
  // presenting a brand is a kit's heading ("Telegram Premium — подарок" on podarok-premium.ru).
  return text.split(TITLE_PARTS).some((line) => {
    if (!writesOtherScript(line)) return false;
    const reading = latinReading(line);
    if (
      (fold(reading).match(/[a-z0-9]+/g) ?? []).some((word) => claimedWords.has(word)) ||
      brandsNamedIn(reading, pageBrandCatalogue()).length > 0
    )
      return false;
    if (writesAbjad(line)) return whole.length >= SKELETON_MIN && consonantSkeleton(reading).includes(whole);
    const words = (
      fold(reading)
        .replace(/['`]/g, '')
        .match(/[a-z0-9]+/g) ?? []
    ).map(loosen);
    return tokens.every((token) => token.length >= STEM_MIN && words.some((word) => sameStem(loosen(token), word)));
  });
}

/** Where a title or a line parts: new lines and the dashes, bars and dots between its parts. */
const TITLE_PARTS = /\n|\s[-–—|·:]\s|[—|·]/;

/** Spellings transliterations choose between: "kh"/"h", "y"/"i" (Bukhgalteriya, buhgalteria). */
const loosen = (word: string) => word.replace(/kh/g, 'h').replace(/y/g, 'i');

/** True when `word` is `token` with at most a few letters of its ending changed. */
function sameStem(token: string, word: string): boolean {
  const stem = Math.max(STEM_MIN, token.length - ENDING_SLACK);
  return word.length >= stem && word.slice(0, stem) === token.slice(0, stem) && Math.abs(word.length - token.length) <= ENDING_SLACK + 2;
}

/** How many words may stand between two of the domain's words in the name it is made of. */
const WORDS_BETWEEN = 2;

/**
 * True when one line of `text` writes the domain's words in order, as words of one capitalised
 * name with at most two more of its capitalised words between each ("Szegedi Partfürdő
 * Teniszklub" for szegedi-teniszklub, "Ledger & Leim Papeterie" for ledger-papeterie): an
 * organisation's domain often leaves out a word of its name (decision 658). A sentence between
 * them ("Netflix – update your billing") is no name, nor are words `nameWord` refuses.
 */
function spelledApart(text: string, tokens: readonly string[], nameWord: (word: string) => boolean): boolean {
  return text.split('\n').some((line) => {
    const words = line.match(/[\p{L}\p{N}]+/gu) ?? [];
    const folded = words.map(fold);
    const capitalised = (name: string) => /^\p{Lu}/u.test(name) && nameWord(fold(name));
    return folded.some((word, first) => {
      if (word !== tokens[0]) return false;
      let at = first;
      for (const token of tokens.slice(1)) {
        const next = gluedAt(folded, token, at + 1);
        const between = next ? words.slice(at + 1, next.start) : [];
        if (
          !next ||
          between.filter(capitalised).length > WORDS_BETWEEN ||
          !between.every((name) => capitalised(name) || NAME_PARTICLE.test(name))
        )
          return false;
        at = next.end;
      }
      return true;
    });
  });
}

/** How many words of a name a domain word may glue together ("paysdebray" for "Pays de Bray"). */
const GLUED_WORDS = 4;
/** The small words inside an organisation's name ("Mutuelle Solidaire du Pays de Bray", "Banca di Credito"): no name of their own. */
const NAME_PARTICLE = /^(?:d[aeiou]|de[lns]?|del[la]|della|dos|das|des|van|von|der|den|ten|ter|la|le|les|el|los|y|e|i|of|the|and|und|et)$/u;

/**
 * Where, from word `from` on, the folded words spell `token` alone or glued together, as domains
 * write a name of several words ("paysdebray" for "Pays de Bray", decision 682): the first and
 * last word of the run.
 */
function gluedAt(folded: readonly string[], token: string, from: number): { start: number; end: number } | undefined {
  for (let start = from; start < folded.length; start++) {
    let glued = '';
    for (let end = start; end < Math.min(folded.length, start + GLUED_WORDS); end++) {
      glued += folded[end];
      if (glued === token) return { start, end };
      if (!token.startsWith(glued)) break;
    }
  }
  return undefined;
}

/** The shortest start of a name's word a one-word domain cuts it to ("contabil" of "Contabilidade"). */
const STEM_LENGTH = 5;

/**
 * True when a one-word domain glues two neighbouring capitalised words of one name of `text`, in
 * either order, each whole or cut to its first letters ("contabilmantiqueira" for "Mantiqueira
 * Contabilidade", decision 682): how organisations shorten their name into a domain.
 */
function gluesTwoNameWords(text: string, token: string): boolean {
  const cut = (word: string, part: string) => word === part || (part.length >= STEM_LENGTH && word.startsWith(part));
  return text.split('\n').some((line) => {
    const words = (line.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => /^\p{Lu}/u.test(word)).map(fold);
    return words.some((word, at) =>
      words.slice(at + 1, at + 1 + WORDS_BETWEEN).some((other) => {
        for (let split = STEM_LENGTH; split <= token.length - STEM_LENGTH; split++) {
          const [left, right] = [token.slice(0, split), token.slice(split)];
          if ((cut(word, left) && cut(other, right)) || (cut(other, left) && cut(word, right))) return true;
        }
        return false;
      }),
    );
  });
}

/** Lowercase words that join a name's capitalised words ("Câmara Municipal de Vila Flor", "Banca di Credito"): no initial of their own. */
const JOINER = /^\p{Ll}{1,4}$/u;

/**
 * The initials of each run of capitalised words in `text`, across short lowercase joiners, folded
 * ("Câmara Municipal de Vila Flor" gives "cmvf"): what an organisation's abbreviation is made of.
 */
function initialsOf(text: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (const word of text.split(/[^\p{L}\p{N}]+/u).filter(Boolean)) {
    if (/^\p{Lu}/u.test(word)) run += fold(word[0]!);
    else if (!JOINER.test(word)) {
      if (run.length > 1) runs.push(run);
      run = '';
    }
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

export const SIGN_IN = lexiconPattern('signIn');
const SIGN_IN_WORD = new RegExp(`^(?:${SIGN_IN.source})$`, 'iu');
/** A domain word that says what kind of organisation runs the site ("kanzlei", "tandarts", "bufete"), not who. */
const ORGANISATION_KIND_WORD = new RegExp(`^${alternation('organisationKind')}$`, 'i');
/** Words kits join to a brand in their host names, in our languages: they name no organisation of their own. */
const DISGUISE =
  /^(?:\d*(?:d?secure|sicher|seguro|segura|securite|sicurezza|veilig)\w*|verif\w*|confirm\w*|conferm\w*|bestaetig\w*|bevestig\w*|login|logon|signin|acces+o?|acceso|acces|anmeld\w*|inlog\w*|connexion|entrar|online|portal|konto|conto|cuenta|compte|rekening|update|aggiorn\w*|actualiz\w*|support|service|servizi?o?|servicio|help|info|app|web|id|auth\w*|3ds|pay\w*|pagamento|pago|paiement|zahlung|betaling|client[ie]?s?|kunden)$/;
// The word alone is a footer link as often as a notice ("Copyright · Cookies · Twitter"): it opens one before a © or a year.
const COPYRIGHT = /(?:©|\(c\)|copyright(?=\s*(?:©|\(c\)|\d{4})))\s*(?:\d{4}(?:\s*[-–]\s*\d{4})?)?\s*([^|.\n]{2,60})/gi;
const LOGO_URL = /logo|favicon|icon|brand/i;
/** A brand named this often in the page's prose is who the page is about, wherever its heading is drawn as an image. */
const PROSE_MENTIONS = 2;

/** The text with each word that mixes Latin letters and Cyrillic or Greek look-alikes also written in Latin ("Mаybаnk2u"). */
function withDisguisesRead(text: string): string {
  const read = text
    .split(/[^\p{L}\p{N}]+/u)
    .map(latinDisguise)
    .filter((word): word is string => word !== null);
  return read.length > 0 ? `${text} \n ${read.join(' ')}` : text;
}

/**
 * A third party's name inside a control that only points at it: a federated sign-in button
 * ("Continue with Google", "Mit Apple anmelden", "Continuar con Facebook"), an app-store badge
 * ("Get it on Google Play", "Download on the App Store") or a share or follow link ("Follow us on
 * Instagram"). The page offers that party's service; it does not say it is that party. Headings and
 * field labels are never read this way: a kit headed "Sign in with Google" that asks for the Google
 * password still presents itself as Google. (Words here, not in the lexicon, which has no such entry.)
 */
const PARTY = String.raw`(?:the\s+|o\s+|a\s+|le\s+|la\s+|el\s+|your\s+)?[\p{L}\p{N}&.'’+-]+(?:\s+(?:play|store|id|account|konto|compte|cuenta|conta|gallery|workspace|pay))?`;
const THIRD_PARTY_CONTROLS = [
  // English: "Sign in with", "Log in using", "Sign up with", "Continue with", "Connect with".
  String.raw`(?:sign|log)[\s-]*(?:in|on|up)\s+(?:with|using|via|through)\s+${PARTY}`,
  String.raw`(?:continue|connect|register|join|login|signin|signup)\s+(?:with|using|via|through)\s+${PARTY}`,
  // German and Dutch: "Mit Google anmelden", "Weiter mit Apple", "Inloggen met Google".
  String.raw`(?:mit|über|met)\s+${PARTY}\s+(?:anmelden|einloggen|fortfahren|registrieren|inloggen|aanmelden|doorgaan)`,
  String.raw`(?:weiter|anmelden|einloggen|registrieren|fortfahren|doorgaan|inloggen|aanmelden|registreren|verder)\s+(?:mit|met|über)\s+${PARTY}`,
  // French, Spanish, Portuguese, Italian: "Continuer avec", "Iniciar sesión con", "Entrar com o", "Accedi con".
  String.raw`(?:continuer|se\s+connecter|connexion|s['’]inscrire|inscription)\s+(?:avec|via)\s+${PARTY}`,
  String.raw`(?:continuar|iniciar\s+sesi[oó]n|acceder|entrar|registrarse|registrar-se|inscribirse|conectar(?:se)?|fazer\s+login|continua|accedi|entra|registrati|collegati)\s+(?:con|com|tramite|via)\s+${PARTY}`,
  // App-store badges, in any language they are printed in.
  String.raw`(?:get\s+it|download(?:\s+it)?|available|now)\s+(?:on|in|from|at)\s+(?:the\s+)?${PARTY}`,
  String.raw`(?:google\s+play|(?:mac\s+)?app\s+store|appgallery|microsoft\s+store|galaxy\s+store)`,
  // A sign-in protected by a CAPTCHA service carries its owner's notice ("This site is protected by
  // reCAPTCHA and the Google Privacy Policy and Terms of Service apply").
  String.raw`(?:re|h)captcha[^\n]{0,60}?${PARTY}\s+privacy\s+policy`,
  // Share and follow links.
  String.raw`(?:share|post|tweet|pin)\s+(?:it\s+|this\s+)?(?:on|to|via)\s+${PARTY}`,
  String.raw`(?:follow|find|like|join|connect\s+with)\s+us\s+(?:on|at)\s+${PARTY}`,
  String.raw`(?:teilen\s+(?:auf|via)|partager\s+sur|compartir\s+en|condividi\s+su|folge\s+uns\s+auf|suivez-nous\s+sur|s[ií]guenos\s+en|seguici\s+su|siga-nos\s+no)\s+${PARTY}`,
];
const THIRD_PARTY_CONTROL = new RegExp(`(?<![\\p{L}\\p{N}])(?:${THIRD_PARTY_CONTROLS.join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The text without its federated sign-in, app-store and share or follow phrases. */
export function withoutThirdPartyControls(text: string): string {
  return text.replace(THIRD_PARTY_CONTROL, ' ');
}

function pathOf(src: string | null): string {
  try {
    return src ? new URL(src, 'https://page.invalid/').pathname : '';
  } catch {
    return src ?? '';
  }
}

/**
 * The brands whose account the page's title, headings and labels ask for ("Sign in with your BT
 * account"), not a federated sign-in button's, and the one its sign-in title names ("O2 - Sign Up").
 */
function brandsOfAccountsAsked(page: PageFacts): Brand[] {
  const catalogue = pageBrandCatalogue();
  const controlled = brandsOfControls(page);
  const asking = [page.title, ...page.headings.slice(0, 8), ...page.labels.slice(0, 12)].join(' \n ');
  const brands = [...brandsOfAccounts(asking, catalogue), ...brandsOfSignInTitle(page.title, catalogue)];
  return brands.filter((brand) => !controlled.has(brand));
}

/** Brands named inside the page's federated sign-in buttons, store badges and share links. */
function brandsOfControls(page: PageFacts): Set<Brand> {
  const texts = [...page.buttons, ...page.anchors.map((anchor) => anchor.text), ...page.images.map((image) => image.alt), page.prose];
  const controls = texts.flatMap((text) => [...text.matchAll(THIRD_PARTY_CONTROL)].map((match) => match[0]));
  return new Set(brandsNamedIn(controls.join(' \n '), pageBrandCatalogue()));
}

/**
 * Where a page says who it is: the title, site name and logos carry it loudly, the rest quietly.
 * A logo or icon of a brand the page names only in its sign-in buttons or badges (Google's "G"
 * beside "Continue with Google", an icon alt "Facebook social") is that button's picture; buttons, image texts and prose are read
 * without their federated sign-in, badge and share phrases.
 */
function brandClaims(page: PageFacts): BrandClaims {
  let claims = claimsOfPage.get(page);
  if (!claims) claimsOfPage.set(page, (claims = readBrandClaims(page)));
  return claims;
}

type BrandClaims = { loud: string; quiet: string; own: string; prose: string; wordmarks: string[] };
/** The checks of one scan ask about the same page several times: its texts are read once. */
const claimsOfPage = new WeakMap<PageFacts, BrandClaims>();

function readBrandClaims(page: PageFacts): BrandClaims {
  const catalogue = pageBrandCatalogue();
  const controlled = brandsOfControls(page);
  const names = [page.title, page.meta['og:site_name'] ?? '', page.meta['application-name'] ?? ''];
  const named = new Set(brandsNamedIn(names.join(' \n '), catalogue));
  // Read by its alt text, drawn words and file path: the host an honest site serves its own files from is not in the picture.
  const controlPicture = (image: PageImage) => {
    const words = `${image.alt} ${(image.drawn ?? []).join(' ')} ${pathOf(image.src)}`;
    const brands = brandsNamedIn(words, catalogue).filter((brand) => !named.has(brand));
    return brands.length > 0 && brands.every((brand) => controlled.has(brand));
  };
  // A picture named as a logo or a site icon ("Google-favicon-2015.png") is the mark of whoever it names.
  const logoImages = page.images.filter((image) => /logo|favicon/i.test(`${image.alt} ${image.src ?? ''}`) && !controlPicture(image));
  const logos = logoImages.map((image) => `${image.alt} ${image.src ?? ''}`);
  const loud = withDisguisesRead([...names, ...logos].join(' \n '));
  const alts = page.images
    .filter((image) => !controlPicture(image))
    .map((image) => withoutThirdPartyControls(image.alt).trim())
    .filter((alt) => alt.length > 0 && alt.length <= 40);
  // Words drawn in a picture are read like its alt text: a wordmark, a banner's heading.
  const drawn = page.images
    .filter((image) => !controlPicture(image))
    .flatMap((image) => image.drawn ?? [])
    .filter((words) => words.length <= 40);
  const copyright = [...page.text.matchAll(COPYRIGHT)].map((match) => match[1] ?? '');
  const buttons = page.buttons.slice(0, 8).map(withoutThirdPartyControls);
  // A wordmark set as text in the element the page calls its logo, unless it is a sign-in button's ("Google" in Google's button).
  const wordmarks = (page.logoTexts ?? []).filter((words) => {
    const brands = brandsNamedIn(words, catalogue);
    return brands.length === 0 || !brands.every((brand) => controlled.has(brand));
  });
  const choices = paymentChoices(page);
  const agreements = agreementLabels(page);
  const labels = page.labels.filter((label) => !choices.has(label.trim()) && !agreements.has(label.trim())).slice(0, 12);
  const quiet = withDisguisesRead([...page.headings.slice(0, 8), ...labels, ...buttons, ...alts, ...copyright, ...wordmarks].join(' \n '));
  // Where an honest site names itself: its title, site name, logo text and copyright line.
  const own = [...names, ...logoImages.map((image) => image.alt), ...wordmarks, ...copyright].join(' \n ');
  return { loud, quiet, own, prose: withoutThirdPartyControls(page.prose.slice(0, 20_000)), wordmarks: drawn };
}

/**
 * On a page with card fields, the labels of its choices (radio buttons, check boxes) that name
 * payment brands only ("PayPal" beside "Kreditkarte" and "Vorkasse"): the ways a checkout is paid,
 * not who the page is (decision 657), as the payment marks drawn beside card fields are. A brand of
 * another sector named as its payment service ("Amazon Pay", "Google Pay", "Mercado Pago") is one
 * of those ways too (decision 681).
 */
function paymentChoices(page: PageFacts): Set<string> {
  const inputs = allInputs(page);
  if (!inputs.some(isCardInput)) return new Set();
  const catalogue = pageBrandCatalogue();
  const paymentOnly = (label: string) => {
    const brands = brandsNamedIn(label, catalogue);
    return brands.length > 0 && brands.every((brand) => brand.sector === 'payment' || namesPaymentService(label, brand));
  };
  const choices = inputs.filter((input) => (input.type === 'radio' || input.type === 'checkbox') && paymentOnly(input.label));
  return new Set(choices.map((input) => input.label.trim()));
}

/** The word a brand's payment service carries after the brand's name ("Amazon Pay", "Rakuten Pay", "Mercado Pago"). */
const PAYMENT_SERVICE = String.raw`\s*(?:pay|pago)(?![\p{L}\p{N}])`;

/** True when `label` names `brand` only as its payment service, never the brand alone ("Amazon Pay", not "Amazon"). */
function namesPaymentService(label: string, brand: Brand): boolean {
  const name = fold(brand.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const folded = fold(label);
  const alone = new RegExp(`(?<![\\p{L}\\p{N}])${name}(?![\\p{L}\\p{N}])`, 'gu');
  const asService = new RegExp(`(?<![\\p{L}\\p{N}])${name}${PAYMENT_SERVICE}`, 'gu');
  const mentions = folded.match(alone)?.length ?? 0;
  return mentions > 0 && (folded.match(asService)?.length ?? 0) === mentions;
}

/** Words a check box's label needs to be a sentence the visitor agrees to, not a name ("PayPal", "Remember me"). */
const AGREEMENT_WORDS = 6;

/**
 * The labels of check boxes that are sentences ("I authorise the council to check my income with
 * the Agencia Tributaria", "I accept the terms of the Klarna payment service"): what the visitor
 * agrees to, naming the parties the organisation deals with, not who the page is (decision 677).
 * A brand they name is read as the prose's are, where one mention claims nothing.
 */
function agreementLabels(page: PageFacts): Set<string> {
  const boxes = allInputs(page).filter((input) => input.type === 'checkbox');
  const sentences = boxes.map((input) => input.label.trim()).filter((label) => label.split(/\s+/u).length >= AGREEMENT_WORDS);
  return new Set(sentences);
}

/**
 * Brands whose own servers host the page's logo or icon: a kit that hot-links the real brand's
 * assets; not a brand the page names only in its sign-in buttons or badges (Google's "G" icon).
 */
function brandsByAssets(page: PageFacts): Brand[] {
  const controlled = brandsOfControls(page);
  const catalogue = pageBrandCatalogue();
  const brands = page.resources
    .filter((resource) => resource.kind === 'image' && LOGO_URL.test(new URL(resource.url).pathname))
    .map((resource) => urlFacts(resource.url).registrableDomain)
    .map((domain) => (domain ? catalogue.byDomain.get(domain) : undefined))
    .filter((brand): brand is Brand => brand !== undefined && brand.curated && !controlled.has(brand));
  return [...new Set(brands)];
}

/**
 * Brands the page's pictures draw: named in their words like in an alt text ("NETFLIX" on a
 * banner), or a wordmark whose only words are the brand's whole name ("Posti", a name that is an
 * everyday word elsewhere and so is read this way only, never in running text; brands with no
 * distinctive token, Visa or Orange, are left to their logos). Beside card fields, the marks of
 * payment schemes and wallets are the ones a checkout accepts, not who the page is.
 */
function brandsOfDrawings(drawn: readonly string[], page: PageFacts): Brand[] {
  if (drawn.length === 0) return [];
  const catalogue = pageBrandCatalogue();
  const marks = new Set(drawn.map((words) => fold(words).trim()));
  const wordmarks = catalogue.brands.filter(
    (brand) => brand.curated && brand.tokens.length > 0 && [brand.name, ...brand.aliases].some((name) => marks.has(fold(name))),
  );
  const brands = [...brandsNamedIn(drawn.join(' \n '), catalogue), ...wordmarks];
  const checkout = allInputs(page).some(isCardInput);
  return brands.filter((brand) => !(checkout && brand.sector === 'payment'));
}

/** Brands the prose names again and again in its sentences ("Bei der Sparkasse ... Ihre Sparkasse"). */
function brandsOfProse(prose: string): Brand[] {
  return brandsNamedIn(prose, pageBrandCatalogue()).filter((brand) => sentenceMentions(prose, brand.name) >= PROSE_MENTIONS);
}

/** How far either side of a mention its sentence is looked for. */
const NEIGHBOURHOOD = 40;
/** A word as sentences have them: lower-case letters, or letters of a script without case (日本語, العربية). */
const SENTENCE_WORD = /(?<![\p{L}])\p{Ll}{2,}(?![\p{L}])|\p{Lo}/gu;

/**
 * Mentions of `name` inside sentences. A name among names, with no sentence word around it, is an
 * item of a list or a table ("United Kingdom 86444 Vodafone, Orange, 3, O2 Brazil 40404 Nextel,
 * TIM": the carriers a sign-in page's SMS help lists): the page lists that brand, it does not say
 * it is that brand.
 */
function sentenceMentions(text: string, name: string): number {
  // Folded as `fold` does, but letter for letter (no ß → ss), so positions map back to the cased text.
  const unmarked = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');
  const lowered = (value: string) => value.toLowerCase().replace(/ı/g, 'i').replace(/ł/g, 'l');
  const plain = unmarked(text);
  const lower = lowered(plain);
  const needle = lowered(unmarked(name));
  // Where lower case is longer than the text (a dotted İ), positions cannot be mapped back: every mention counts.
  if (lower.length !== plain.length) return fold(text).split(fold(name)).length - 1;
  const words = [...plain.matchAll(SENTENCE_WORD)].map((word) => word.index);
  let count = 0;
  for (let at = lower.indexOf(needle); at !== -1 && needle !== ''; at = lower.indexOf(needle, at + needle.length)) {
    const [from, to] = [at - NEIGHBOURHOOD, at + needle.length + NEIGHBOURHOOD];
    if (words.some((index) => index >= from && index <= to && (index < at || index >= at + needle.length))) count++;
  }
  return count;
}

const RECOVERY = lexiconPattern('recoveryPhrase');

/**
 * A wallet landing page whose buttons or links lead on to typing the recovery phrase ("Use Secret
 * Recovery Phrase", "Import with 12 words"): the phrase form is one click away.
 */
export function leadsToRecoveryPhrase(page: PageFacts): boolean {
  return RECOVERY.test([...page.buttons, ...page.headings, ...page.anchors.map((anchor) => anchor.text)].join(' \n '));
}

/** Buttons naming this many banks are a bank chooser: pick yours, and its sign-in or card form follows. */
const BANK_CHOICES = 3;
/** Buttons read for a chooser: the first ones, where a page puts its choices. */
const CHOOSER_BUTTONS = 30;

/**
 * True when the page's buttons name three banks or more ("Wybierz swój bank: PKO BP, mBank,
 * Santander..."): a bank chooser, the step before the picked bank's sign-in or card form, which a
 * kit writes in only once a bank is clicked (decision 566). It asks for nothing of its own, so this
 * is read only beside a brand the page claims.
 */
export function leadsToBankChoice(page: PageFacts): boolean {
  const catalogue = pageBrandCatalogue();
  const banks = page.buttons.slice(0, CHOOSER_BUTTONS).flatMap((text) => brandsNamedIn(text, catalogue));
  return new Set(banks.filter((brand) => brand.sector === 'bank')).size >= BANK_CHOICES;
}

/** True when the page asks the visitor for a secret, to sign in, or to go on to type a recovery phrase. */
export function asksForAnything(page: PageFacts): boolean {
  return asksForSecrets(page) || asksForLogin(page, SIGN_IN) || leadsToRecoveryPhrase(page);
}

/** A word of the domain long and rare enough to be an organisation's own mark ("lockwell", "hoshizora"). */
const MARK_LENGTH = 6;
/**
 * Beside the number the company is registered under (MERSİS, HRB, SIRET, KvK, NIP...), a shorter
 * word is its mark too ("nazli" of "Nazlı Çeyiz Tekstil Ltd. Şti." on ceyizci-nazli.com.tr): the
 * footer says who answers for the site, and the word must still be named in the title or logo.
 */
const REGISTERED_MARK_LENGTH = 5;
const COMPANY_REGISTER = lexiconPattern('companyRegister');
/** A registration number: six digits or more, possibly grouped, just after its label. */
const REGISTER_NUMBER = /^[\s.:°º#№-]*(?:[a-z]{1,3}[\s-]?)?\d(?:[\s./-]?\d){5,}/iu;

/** True when the footer gives a company's registration number ("MERSİS 0631084452100015", "KvK 12345678"). */
function givesRegistration(footer: string): boolean {
  const labels = new RegExp(COMPANY_REGISTER.source, 'giu');
  for (const match of footer.matchAll(labels)) if (REGISTER_NUMBER.test(footer.slice(match.index + match[0].length))) return true;
  return false;
}
/** Legal forms of companies and associations, as imprint lines write them after the name. */
const LEGAL_FORM =
  /(?<![\p{L}])(?:ltd|limited|llc|inc|plc|pty|pte|gmbh|ag|kg|e\.\s?v|sa|s\.a|sas|sarl|s\.r\.l|srl|spa|s\.p\.a|b\.v|n\.v|bv|nv|ab|oy|oyj|a\/s|as|aps|s\.r\.o|a\.s|sp\.\s?z\s?o\.o|s\.l|lda|ltda|kft|zrt|ооо|ао|пао)(?![\p{L}])\.?|株式会社|有限会社|合同会社|股份有限公司|有限公司|주식회사/giu;
/** The kind of a small organisation written beside its name in its imprint, in any of the lexicon's languages. */
const IMPRINT_KIND = new RegExp(lexiconPattern('imprintKind').source, 'giu');
/** How far from its legal form or kind an organisation's name may be written. */
const NAME_REACH = 40;
/** Where a page's imprint line, company name and footer are: the end of its text. */
const FOOTER_CHARS = 400;

/** A legal form written in a script without Latin letters may stand before the name ("株式会社信濃ネット", "ООО «Ромашка»"). */
const LATIN_LETTER = /[a-z]/i;

/** The footer's company lines: the name around each legal form and each kind of organisation. */
function companyLines(footer: string): string[] {
  return [
    // The mark just before a legal form ("Lockwell Software Ltd", "ほしぞらネットワーク株式会社"), or after one written in another script.
    ...[...footer.matchAll(LEGAL_FORM)].map((match) =>
      footer.slice(Math.max(0, match.index - NAME_REACH), match.index + match[0].length + (LATIN_LETTER.test(match[0]) ? 0 : NAME_REACH)),
    ),
    // Where no legal form is written, the organisation's kind stands beside its name, before or after it (decision 594).
    ...[...footer.matchAll(IMPRINT_KIND)].map((match) =>
      footer.slice(Math.max(0, match.index - NAME_REACH), match.index + match[0].length + NAME_REACH),
    ),
  ];
}

/** How many words of a name a one-word domain may glue ("aydinmalimusavirlik" of "Aydın Mali Müşavirlik"). */
const GLUED_NAME_WORDS = 4;

/**
 * The words of the page's own name a one-word domain glues whole, in their order ("aydin", "mali",
 * "musavirlik" for aydinmalimusavirlik.com.tr titled "… | Aydın Mali Müşavirlik"), or none.
 */
function gluedNameWords(own: string, label: string): string[] {
  for (const line of own.split('\n')) {
    const words = fold(latinReading(line))
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    for (let start = 0; start < words.length; start++) {
      for (let count = 2; count <= GLUED_NAME_WORDS && start + count <= words.length; count++) {
        const glued = words.slice(start, start + count);
        if (glued.join('') === label) return glued;
      }
    }
  }
  return [];
}

/** A name written in another script is this long at least to be a mark (信濃ネット; ネット alone is a word). */
const OTHER_SCRIPT_MARK = 4;

/**
 * True when a name the page writes in a script the Latin reading cannot spell back to its domain
 * (kanji: 信濃 is "shinano" only to a reader of Japanese) is its mark: the same run of letters in
 * its title or logo text and in its footer's company line, no sign-in, lure or brand word, on a
 * page that writes its own domain out (its mail addresses "@shinano-net.jp").
 */
function signsInItsOwnScript(own: string, companies: readonly string[], text: string, registrableDomain: string | null): boolean {
  if (!registrableDomain || companies.length === 0 || !text.toLowerCase().includes(registrableDomain)) return false;
  const runs = own.match(/[^\p{Script=Latin}\p{N}\p{P}\p{S}\s]+/gu) ?? [];
  return runs.some(
    (run) =>
      [...run].length >= OTHER_SCRIPT_MARK &&
      !SIGN_IN.test(run) &&
      !LURE_WORDS.has(run) &&
      brandsNamedIn(run, pageBrandCatalogue()).length === 0 &&
      companies.some((line) => line.includes(run)),
  );
}

/**
 * True when one word of a longer domain is the organisation's own mark, named both where the page
 * says who it is (title, logo text, copyright) and in its footer's company name ("Log in to your vault · Lockwell"
 * and "Lockwell Software Ltd" on lockwell-pass.com; ほしぞらサーバー and ほしぞらネットワーク株式会社
 * on hoshizora-server.jp, kana read as romaji). A one-word domain that glues the words of the page's
 * own name is read as those words (decision 603). Brand words, lure and sign-in words, and the words
 * kits disguise brands with are nobody's mark. A name in a script not read back to the domain is a
 * mark on the terms of `signsInItsOwnScript` (decision 604).
 */
function namesItsMark(own: string, footer: string, final: UrlFacts, text: string): boolean {
  const { domainLabel } = final;
  if (!domainLabel) return false;
  const label = domainLabel.toLowerCase();
  const split = label.split('-');
  const tokens = split.length > 1 ? split : gluedNameWords(own, label);
  const companies = companyLines(footer);
  if (signsInItsOwnScript(own, companies, text, final.registrableDomain)) return true;
  if (tokens.length < 2) return false;
  const compact = (text: string) => fold(latinReading(text)).replace(/[^a-z0-9]/g, '');
  const [named, signed] = [compact(own), compact(companies.join(' '))];
  const shortest = companies.length > 0 && givesRegistration(footer) ? REGISTERED_MARK_LENGTH : MARK_LENGTH;
  return tokens.some(
    (token) =>
      token.length >= shortest &&
      /^[a-z]+$/.test(token) &&
      !LURE_WORDS.has(token) &&
      !SIGN_IN_WORD.test(token) &&
      !DISGUISE.test(token) &&
      brandsNamedIn(token, pageBrandCatalogue()).length === 0 &&
      named.includes(token) &&
      signed.includes(token),
  );
}

/**
 * True when the page signs as its own company: a word of its domain that is its mark, named in its
 * title or logo and again in its footer before a legal form ("Nettlebyte Hosting" on
 * webmail.nettlebyte-hosting.co.uk, footer "Nettlebyte Hosting Ltd"). Stricter than naming its own
 * site: a kit whose host is its lure's own words ("sigurnosna-provjera-racuna", titled "Sigurnosna
 * provjera računa") names its host, but no company.
 */
export function pageSignsAsOwnCompany(page: PageFacts, final: UrlFacts): boolean {
  return namesItsMark(brandClaims(page).own, page.text.slice(-FOOTER_CHARS), final, page.text);
}

/** True when the page's footer gives the number its organisation is registered under ("REGON 830361290", "KvK 12345678"). */
export function pageGivesRegistration(page: PageFacts): boolean {
  return givesRegistration(page.text.slice(-FOOTER_CHARS));
}

/**
 * True when the page names the site's own organisation (title, logo text, copyright) by its
 * domain's words; with \`plainly\` (the scan's one verdict), also by one word of the domain that is
 * its mark, named again in its footer.
 */
export function pageNamesOwnSite(page: PageFacts, final: UrlFacts, plainly = false): boolean {
  const { own } = brandClaims(page);
  if (namesItself(own, final.domainLabel, plainly)) return true;
  return plainly && namesItsMark(own, page.text.slice(-FOOTER_CHARS), final, page.text);
}

/** The brand among `brands` that owns the domain serving the page, unless anyone may publish there (`sites.google.com`, `docs.google.com`). */
function ownerOf(brands: readonly Brand[], final: UrlFacts): Brand | undefined {
  if (isUserContentHost(final.hostname)) return undefined;
  return brands.find((brand) => ownsDomain(brand, final.registrableDomain));
}

/**
 * The brand whose own page this is: named in the title, site name or logo text, and owner of the
 * domain serving it (accounts.google.com titled "Sign in – Google Accounts"), on a host where the
 * brand alone publishes. What such a page says and shows is the brand's own doing: a logo hash
 * near another brand's, a partner in the prose or a table of carriers is no claim, and a notice
 * to "verify your identity" is the brand's own.
 */
export function ownersPage(page: PageFacts, final: UrlFacts): Brand | undefined {
  return ownerOf(brandsNamedIn(brandClaims(page).loud, pageBrandCatalogue()), final);
}

/**
 * Brands the page presents itself as, unless it names its own domain in its title, logo text or
 * copyright line: named in its title, site name or logo, or drawn as its favicon or logo (the
 * brand's logo by its perceptual hash); or, on a page that asks for secrets or a
 * sign-in, in its headings, labels, buttons, image texts, copyright line, again and again in its
 * prose, or by the brand's own logo files. A login page shows whose login it is. On the domain
 * owner's own page (`ownersPage`), only another brand named as loudly as the owner is a claim.
 */
export function claimedBrands(page: PageFacts, final: UrlFacts): Brand[] {
  // Three checks of a scan ask this of the same page and address; reading the brands' names in its texts is the cost.
  const key = [final.hostname, final.registrableDomain, final.domainLabel, ...page.logoHashes].join('\n');
  let answers = brandsClaimedOnPage.get(page);
  if (!answers) brandsClaimedOnPage.set(page, (answers = new Map()));
  let brands = answers.get(key);
  if (!brands) answers.set(key, (brands = readClaimedBrands(page, final)));
  return [...brands];
}

const brandsClaimedOnPage = new WeakMap<PageFacts, Map<string, Brand[]>>();

function readClaimedBrands(page: PageFacts, final: UrlFacts): Brand[] {
  // A router's own login page on the local network (192.168.178.1, fritz.box) is its maker's.
  if (isLocalAddress(final)) return [];
  const catalogue = pageBrandCatalogue();
  const { loud, quiet, own, prose, wordmarks } = brandClaims(page);
  const spoken = brandsNamedIn(loud, catalogue);
  // The brand's own page: only another brand named as loudly (in its title, site name or logo text) is a claim.
  if (ownerOf(spoken, final)) return spoken.filter((brand) => !ownsDomain(brand, final.registrableDomain));
  const named = [...spoken, ...brandsOfLogos(page.logoHashes)];
  const others = named.filter((brand) => !ownsDomain(brand, final.registrableDomain));
  if (namesItself(own, final.domainLabel, false, others)) return [];
  if (asksForAnything(page) || asksOnceClicked(page))
    named.push(
      ...brandsNamedIn(quiet, catalogue),
      ...brandsOfDrawings(wordmarks, page),
      ...brandsByAssets(page),
      ...brandsOfProse(prose),
      ...brandsOfAccountsAsked(page),
    );
  const claimed = [...new Set(named)].filter((brand) => !ownsDomain(brand, final.registrableDomain));
  if (claimed.length < 2) return claimed;
  // Named first, the brand whose mark or copyright line the page carries: a streaming kit's "Viaplay"
  // wordmark before the "Godkend med MitID" heading of its code step.
  const marks = new Set([...brandsNamedIn(own, catalogue), ...brandsOfDrawings(wordmarks, page)]);
  return [...claimed.filter((brand) => marks.has(brand)), ...claimed.filter((brand) => !marks.has(brand))];
}
