import { freeHostingPlatform, hostParts } from '@riskscan/scanner';
import { git, MIRRORS, pick, type SiteUrl, snapshot } from './site-sources.ts';
import { hackerspaceUrls, islandBusinessUrls, newsSiteUrls } from './probe-orgs.ts';

/**
 * Probe families of session 10 (issue 35): the kinds the hidden sets hold and the probe had few
 * of. Read from repository snapshots in `VERDICT_SITE_MIRRORS`; never written to the URL corpus,
 * so nothing trains, calibrates or tunes on them. Each URL records its repository, commit and
 * licence:
 *
 * - `portfolio-free-host` / `portfolio-own`: developers' portfolio sites of many countries listed
 *   by emmabostian/developer-portfolios (no licence file: the addresses are facts and are used as
 *   such), at their listed address; `-free-host` when the site is a free platform's tenant
 *   (vercel.app, netlify.app, github.io, framer.website...), `-own` on its own domain;
 * - `books-free-host`: the free books, courses and tutorials of EbookFoundation/free-programming-books
 *   (CC BY 4.0, every language's list) served from a free platform's tenant (github.io, gitbook.io,
 *   blogspot, netlify.app...), at their real paths, at most three per host;
 * - `books-cc`: the same lists' pages on a country's ending (universities' course pages, small
 *   publishers, people's pages in many languages), at most two per registrable domain;
 * - `org-local-page-pattern`: the hosts of the small businesses, hackerspaces and news sites of
 *   `probe-orgs.ts` with one page of the kind small organisations run, in the language of the
 *   host's country ending (`/kontakt`, `/reservierung`, `/connexion`, `/mi-cuenta`), by pattern.
 */

/** The URLs of a Markdown text, trailing punctuation dropped. */
function markdownLinks(text: string): string[] {
  return [...text.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((match) => match[1]!.replace(/[.,;]+$/, ''));
}

/** Developers' portfolios, split by whether they sit on a free platform. */
export function portfolioUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'emmabostian+developer-portfolios');
  if (!repo) return [];
  const licence = 'no licence file: the addresses are used as facts (emmabostian/developer-portfolios)';
  const found: SiteUrl[] = [];
  for (const url of markdownLinks(git(repo.dir, ['show', 'HEAD:README.md']))) {
    if (!URL.canParse(url)) continue;
    const host = new URL(url).hostname.toLowerCase();
    if (/(^|\.)(github\.com|twitter\.com|x\.com|linkedin\.com|hatchboxapp\.com)$/.test(host)) continue;
    const family = freeHostingPlatform(host) ? 'portfolio-free-host' : 'portfolio-own';
    found.push({ url, family, source: repo.source, licence });
  }
  return found;
}

/** free-programming-books' links on free platforms' tenants and on country endings. */
export function bookUrls(root = MIRRORS): SiteUrl[] {
  const repo = snapshot(root, 'EbookFoundation+free-programming-books');
  if (!repo) return [];
  const licence = 'CC BY 4.0 (EbookFoundation/free-programming-books)';
  const files = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD'])
    .split('\n')
    .filter((file) => /^(books|courses|more|casts)\/.+\.md$/.test(file));
  const perHost = new Map<string, number>();
  const found: SiteUrl[] = [];
  for (const file of files)
    for (const url of markdownLinks(git(repo.dir, ['show', `HEAD:${file}`]))) {
      if (!URL.canParse(url)) continue;
      const parsed = new URL(url);
      const host = parsed.hostname.toLowerCase();
      const platform = freeHostingPlatform(host);
      const domain = hostParts(host).domain;
      if (!domain) continue;
      let family: string;
      let key: string;
      let cap: number;
      if (platform && host !== `www.${platform}` && host !== platform) [family, key, cap] = ['books-free-host', host, 3];
      else if (!platform && /\.[a-z]{2}$/.test(host) && !/\.(io|co|me|tv|ai|ly|gl|gd|to|cc|fm|sh|so|ws|ac)$/.test(host))
        [family, key, cap] = ['books-cc', domain, 2];
      else continue;
      const seen = perHost.get(key) ?? 0;
      if (seen >= cap) continue;
      perHost.set(key, seen + 1);
      found.push({ url, family, source: repo.source, licence });
    }
  return found;
}

// Pages small organisations run (contact, booking, shop, members' sign-in, account), by the
// language of a country ending; English elsewhere.
// prettier-ignore
const LOCAL_PAGES: Record<string, string[]> = {
  de: ['/kontakt', '/reservierung', '/anmelden', '/mein-konto', '/warenkorb', '/impressum', '/oeffnungszeiten', '/mitglied-werden'],
  at: ['/kontakt', '/reservierung', '/anmelden', '/impressum'], ch: ['/kontakt', '/fr/contact', '/anmelden', '/reservation'],
  fr: ['/contact', '/connexion', '/mon-compte', '/reservation', '/panier', '/mentions-legales', '/nous-trouver'],
  be: ['/fr/contact', '/nl/contact', '/connexion', '/inloggen'], lu: ['/contact', '/connexion'],
  nl: ['/contact', '/inloggen', '/mijn-account', '/reserveren', '/winkelwagen', '/over-ons'],
  it: ['/contatti', '/accedi', '/prenota', '/il-mio-account', '/chi-siamo'], es: ['/contacto', '/iniciar-sesion', '/mi-cuenta', '/reservas', '/carrito'],
  pt: ['/contactos', '/entrar', '/minha-conta', '/reservas'], br: ['/contato', '/entrar', '/minha-conta', '/carrinho'],
  pl: ['/kontakt', '/zaloguj', '/moje-konto', '/rezerwacja', '/koszyk'], cz: ['/kontakt', '/prihlaseni', '/rezervace', '/kosik'],
  sk: ['/kontakt', '/prihlasenie', '/rezervacia'], se: ['/kontakt', '/logga-in', '/boka', '/mina-sidor'], no: ['/kontakt', '/logg-inn', '/bestill', '/min-side'],
  dk: ['/kontakt', '/log-ind', '/booking', '/min-konto'], fi: ['/yhteystiedot', '/kirjaudu', '/varaa', '/oma-tili'],
  ru: ['/kontakty', '/login', '/lk/', '/o-nas'], ua: ['/kontakty', '/login', '/pro-nas'], tr: ['/iletisim', '/giris', '/hesabim', '/rezervasyon'],
  hu: ['/kapcsolat', '/bejelentkezes', '/foglalas'], ro: ['/contact', '/autentificare', '/contul-meu', '/rezervare'],
  gr: ['/epikoinonia', '/login', '/krateseis'], jp: ['/contact/', '/login/', '/mypage/', '/reserve/'], id: ['/kontak', '/masuk', '/akun-saya'],
  mx: ['/contacto', '/iniciar-sesion', '/mi-cuenta'], ar: ['/contacto', '/ingresar', '/mi-cuenta'], cl: ['/contacto', '/ingresar'],
};
const ENGLISH_PAGES = ['/contact', '/contact-us', '/book-online', '/login', '/my-account', '/members/login', '/shop/cart', '/about-us'];

/** One page of the kind small organisations run, in the language of the host's country ending. */
export function localPageUrls(root = MIRRORS): SiteUrl[] {
  const homes = [...islandBusinessUrls(root), ...hackerspaceUrls(root), ...newsSiteUrls(root)].filter((row) => row.family !== 'news-feed');
  const seen = new Set<string>();
  const found: SiteUrl[] = [];
  for (const row of homes) {
    if (!URL.canParse(row.url)) continue;
    const home = new URL(row.url);
    if (seen.has(home.host)) continue;
    seen.add(home.host);
    const ending = /\.([a-z]{2})$/.exec(home.hostname)?.[1] ?? '';
    const pages = LOCAL_PAGES[ending] ?? ENGLISH_PAGES;
    found.push({
      url: `${home.origin}${pick(pages, home.host, 10)}`,
      family: 'org-local-page-pattern',
      source: row.source,
      licence: `${row.licence}; paths: this repository`,
    });
  }
  return found;
}

/** Every family of this file. */
export function hostingProbeUrls(root = MIRRORS): SiteUrl[] {
  return [...portfolioUrls(root), ...bookUrls(root), ...localPageUrls(root)];
}
