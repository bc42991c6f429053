import { lexiconPattern } from '../page/lexicon/lexicon.ts';
import type { Brand, BrandCatalogue } from './brand-catalogue.ts';

/**
 * Brands named as the account a page asks you to sign in with ("Sign in with your BT account",
 * "Use your Orange Account", "mit Ihrem Telekom-Konto", "votre compte Orange"). A brand that goes
 * by an everyday word (Orange) or two letters (BT, EE) cannot be found by its name anywhere on a
 * page, but named as whose account it is, it is that brand's sign-in.
 */

/** A name as kits write it: one to three words, each opening with a capital letter or a digit ("BT", "O2", "Deutsche Telekom"). */
const NAME = String.raw`([\p{Lu}\p{N}][\p{L}\p{N}&!'’.]*(?:[ -][\p{Lu}\p{N}][\p{L}\p{N}&!'’.]*){0,2})`;

/** "your <name> account" in the lexicon's languages: the words around the name, never the name's case. */
const ACCOUNT_PHRASES: readonly RegExp[] = [
  String.raw`\b[Yy]our ${NAME} (?:[Aa]ccount|ID)\b`,
  String.raw`\b(?:[Ii]hre[mn]?|[Dd]eine[mn]?) ${NAME}[ -](?:[Kk]onto|[Aa]ccount|[Ll]ogin|[Zz]ugang)\b`,
  String.raw`\b(?:[Vv]otre|[Tt]on) (?:compte|identifiant) ${NAME}`,
  String.raw`\b(?:[Tt]u|[Ss]u) cuenta (?:de )?${NAME}`,
  String.raw`\b(?:[Ii]l )?(?:[Tt]uo|[Ss]uo) account ${NAME}`,
  String.raw`\b(?:[Jj]e|[Jj]ouw|[Uu]w) ${NAME}[ -]?(?:account|[Aa]ccount|inlog)\b`,
  String.raw`\b(?:[Ss]ua|[Tt]ua) conta (?:d[aoe] )?${NAME}`,
].map((source) => new RegExp(source, 'gu'));

/** Words that say which kind of account, not whose ("your Current Account", "Ihr Kunden-Konto"). */
const ACCOUNT_KINDS = new Set(
  'current savings saving business personal premium free new online bank email mail user customer student main family corporate joint checking kunden giro spar firmen privat'.split(
    ' ',
  ),
);

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const byName = new WeakMap<BrandCatalogue, Map<string, Brand>>();

/** The catalogue's curated brands by their names and aliases, folded. */
function curatedByName(catalogue: BrandCatalogue): Map<string, Brand> {
  let names = byName.get(catalogue);
  if (!names) {
    names = new Map();
    for (const brand of catalogue.brands)
      if (brand.curated) for (const name of [brand.name, ...brand.aliases]) if (!names.has(fold(name))) names.set(fold(name), brand);
    byName.set(catalogue, names);
  }
  return names;
}

/** The curated brands `text` names as the account it signs in with. */
export function brandsOfAccounts(text: string, catalogue: BrandCatalogue): Brand[] {
  const names = curatedByName(catalogue);
  const found = new Set<Brand>();
  for (const phrase of ACCOUNT_PHRASES)
    for (const match of text.matchAll(phrase)) {
      const words = (match[1] ?? '').split(/[ -]/);
      // "your Deutsche Telekom account", "Ihrem Telekom Kunden-Konto": the whole name, else its first or last words.
      for (let length = words.length; length > 0; length--) {
        const name = (part: string[]) => fold(part.join(' '));
        const [first, last] = [name(words.slice(0, length)), name(words.slice(-length))];
        const brand = (ACCOUNT_KINDS.has(first) ? undefined : names.get(first)) ?? (ACCOUNT_KINDS.has(last) ? undefined : names.get(last));
        if (brand) {
          found.add(brand);
          break;
        }
      }
    }
  return [...found];
}

/** A title's half that says what the page does: signing in or up, in the lexicon's languages. */
const SIGNING = new RegExp(
  `^(?:${lexiconPattern('signIn').source}|sign[- ]?up|register|registrieren|registrierung|inscription|registro|registrati|registreren|registar)$`,
  'iu',
);

/**
 * The brand a sign-in page's title gives as its site's name, the title's other half saying what the
 * page does ("O2 - Sign Up", "Login | BT"): read as a whole name, however short or everyday.
 */
export function brandsOfSignInTitle(title: string, catalogue: BrandCatalogue): Brand[] {
  const halves = title
    .split(/\s+[-|–—·:]\s+/)
    .map((half) => half.trim())
    .filter((half) => half !== '');
  if (halves.length !== 2) return [];
  const names = curatedByName(catalogue);
  const [first, second] = halves as [string, string];
  for (const [name, other] of [
    [first, second],
    [second, first],
  ] as const) {
    const brand = SIGNING.test(other) && !ACCOUNT_KINDS.has(fold(name)) ? names.get(fold(name)) : undefined;
    if (brand) return [brand];
  }
  return [];
}
