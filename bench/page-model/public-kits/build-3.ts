/**
 * Builds `fixtures/public-kits-3/` (the third set of public kits, issue 36): kits neither earlier set
 * (`build.ts`, `build-2.ts`) holds, from four other collections, built, trimmed and recorded as
 * `kit-set.ts` does. Most are Wi-Fi captive portals (the lure of a free hotspot or a router
 * "update"), a delivery the earlier sets hold only in fluxion's router pages:
 *
 * - FlippieHacks/FlipperZeroEuropeanPortals (MIT): "free Wi-Fi, sign in with your account" pages
 *   of European airlines, hotels, railways, supermarkets and internet providers, some in the
 *   brand's own language (de, es, fr, nl, pt). Not a copy of a brand's page (each is drawn by the
 *   author): no honest counterpart. The "WithForgotCredentials" twin of each page (the same page
 *   with one more button) is left out, and so are the gyms, fast-food, theme-park, drinks and
 *   router pages (kinds the earlier sets hold, or brands no one signs in to), and Novotel (its
 *   stranger host would be wifiphisher's `wifi_connect`'s; ibis, of the same group, stays). Pages
 *   whose words are another page's (the brand shown by its logo only) are left out when built.
 * - yuron3141/evilportals-ja (GPL-3.0): kleo/evilportals' WiFi Pineapple portals translated to
 *   Japanese (Facebook, Google, Instagram, Twitter, Starbucks), and its English O2 and Yahoo pages.
 * - wifiphisher/wifiphisher (GPL-3.0) and wifiphisher/extra-phishing-pages (GPL-3.0): router
 *   "firmware upgrade" pages, a "connect to Wi-Fi" dialog, a camera "update", a free-Wi-Fi OAuth page
 *   and brand logins. Their `{{ … }}` placeholders (the network's name, filled in by the tool) are
 *   left as they are.
 *
 *   npx tsx bench/page-model/public-kits/build-3.ts [--mirrors <folder>]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { askingPage, buildKitSet, pageSignature, type Collection, type KitAbout, type PublicKitSource } from './kit-set.ts';

const OUT = fileURLToPath(new URL('../../../fixtures/public-kits-3/', import.meta.url));
const EARLIER_SETS = ['public-kits', 'public-kits-2'].map((name) => fileURLToPath(new URL(`../../../fixtures/${name}/`, import.meta.url)));

/** A "free Wi-Fi: sign in with your <brand> account" page, in the language it is written in. */
const hotspot = (brand: string, language: string): KitAbout => [`${brand} "free Wi-Fi" sign-in`, null, language];

const EUROPEAN_PORTALS: Collection = {
  repo: 'FlippieHacks/FlipperZeroEuropeanPortals',
  commit: 'eec686f59e21a876b4011baeeb668156b6a3afd8',
  licence: 'MIT',
  licenceFile: 'LICENSE',
  root: '',
  kits: {
    'Airlines/Air France': hotspot('Air France', 'en'),
    'Airlines/British Airways': hotspot('British Airways', 'en'),
    'Airlines/Brussels Airlines': hotspot('Brussels Airlines', 'en'),
    'Airlines/EasyJet': hotspot('easyJet', 'en'),
    'Airlines/KLM': hotspot('KLM', 'en'),
    'Airlines/Lufthansa': hotspot('Lufthansa', 'en'),
    'Airlines/Ryanair': hotspot('Ryanair', 'en'),
    'Airlines/SwissAir': hotspot('SWISS', 'en'),
    'Airlines/Turkish Airlines': hotspot('Turkish Airlines', 'en'),
    'Hotels/Best Western Hotels': hotspot('Best Western', 'en'),
    'Hotels/Hilton': hotspot('Hilton', 'en'),
    'Hotels/Ibis Hotels': hotspot('ibis (Accor)', 'en'),
    'Hotels/Radisson': hotspot('Radisson', 'en'),
    'Hotels/Sheraton': hotspot('Sheraton (Marriott)', 'en'),
    'Internet Providers/British Telecom': hotspot('BT', 'en'),
    'Internet Providers/Deutsche Telekom/GermanVersion': hotspot('Deutsche Telekom', 'de'),
    'Internet Providers/Nos': ['NOS (Portugal) "NOSID" portal sign-in', null, 'pt'],
    'Internet Providers/Orange™': hotspot('Orange', 'en'),
    'Internet Providers/Proximus': hotspot('Proximus', 'en'),
    'Internet Providers/Telefónica/SpanishVersion': hotspot('Telefónica (Movistar)', 'es'),
    'Internet Providers/Vodafone': hotspot('Vodafone', 'en'),
    'Railway Companies/Deutsche Bahn/GermanVersion': hotspot('Deutsche Bahn', 'de'),
    'Railway Companies/National Rail (UK)': hotspot('National Rail', 'en'),
    'Railway Companies/Nederlandse Spoorwegen (Dutch Rail)/DutchVersion': hotspot('NS (Dutch railways)', 'nl'),
    'Railway Companies/SNCB-NMBS (Belgian Rail)/DutchVersion': hotspot('NMBS (Belgian railways)', 'nl'),
    'Railway Companies/SNCB-NMBS (Belgian Rail)/FrenchVersion': hotspot('SNCB (Belgian railways)', 'fr'),
    'Railway Companies/SNCF (French Rail)/FrenchVersion': hotspot('SNCF', 'fr'),
    'Railway Companies/Thalys': hotspot('Thalys', 'en'),
    'Railway Companies/renfe (Spanish Rail)/SpanishVersion': hotspot('Renfe', 'es'),
    'Supermarkets/Delhaize': hotspot('Delhaize', 'en'),
    'Supermarkets/IKEA': hotspot('IKEA', 'en'),
    'Supermarkets/Tesco': hotspot('Tesco', 'en'),
  },
};

/** kleo/evilportals' portals as the Japanese fork serves them (its `index.php` prints the page). */
const EVILPORTALS_JA: Collection = {
  repo: 'yuron3141/evilportals-ja',
  commit: 'c537015fd2338b6c9a008eb1869a5ece48a7ebe8',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE',
  root: 'portals',
  kits: {
    'facebook-login': ['Facebook login in Japanese on a Wi-Fi portal', 'www.facebook.com', 'ja'],
    'google-login': ['Google sign-in in Japanese on a Wi-Fi portal', 'accounts.google.com', 'ja'],
    'instagram-login': ['Instagram login in Japanese on a Wi-Fi portal', 'www.instagram.com', 'ja'],
    'twitter-login': ['Twitter login in Japanese on a Wi-Fi portal', 'twitter.com', 'ja'],
    'starbucks-login': ['Starbucks sign-in in Japanese on a Wi-Fi portal', null, 'ja'],
    'o2-login': ['O2 Wi-Fi sign-up (email, UK mobile number, password)', null, 'en'],
    'yahoo-login': ['Yahoo login on a Wi-Fi portal', 'login.yahoo.com', 'en'],
  },
};

const WIFIPHISHER: Collection = {
  repo: 'wifiphisher/wifiphisher',
  commit: '4ae336518bf29eed13d3b09f2ee6a16e7973c997',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE.txt',
  root: 'wifiphisher/data/phishing-pages',
  kits: {
    'firmware-upgrade/html': ['router "firmware upgrade" page asking for the Wi-Fi password', null, 'en'],
    'oauth-login/html': ['free Wi-Fi "log in with Facebook" page', null, 'en'],
    'wifi_connect/html': ['operating system\'s "connect to Wi-Fi" dialog asking for the Wi-Fi password', null, 'en'],
  },
};

const WIFIPHISHER_EXTRA: Collection = {
  repo: 'wifiphisher/extra-phishing-pages',
  commit: '1ef830cbae01b8212ab88745195664a1e3a29f34',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE.md',
  root: '',
  kits: {
    'device-modal/html': ['phone\'s "authentication required" Wi-Fi dialog', null, 'en'],
    'facebook-login/html': ['Facebook login on a Wi-Fi portal', 'www.facebook.com', 'en'],
    'firmware_upgrade_2/html': ['router "firmware update" page asking for the Wi-Fi password', null, 'en'],
    'google-login/html': ['Google sign-in on a Wi-Fi portal', 'accounts.google.com', 'en'],
    'gopro-phish/html': ['GoPro camera "update" page asking for the Wi-Fi password', null, 'en'],
    'instagram-login/html': ['Instagram login on a Wi-Fi portal', 'www.instagram.com', 'en'],
    'starbucks-login/html': ['Starbucks sign-in on a Wi-Fi portal', null, 'en'],
    'yahoo-login/html': ['Yahoo login on a Wi-Fi portal', 'login.yahoo.com', 'en'],
  },
};
/** A page's words as a reader sees them: no markup, no style or script, spaces folded. */
function visibleWords(html: string): string {
  return html
    .replace(/<(style|script|svg)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const COLLECTIONS = [EUROPEAN_PORTALS, EVILPORTALS_JA, WIFIPHISHER, WIFIPHISHER_EXTRA];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { mirrors: { type: 'string' } } });
  // The pages already measured (the earlier sets'), and each one this set takes: a page seen once is enough.
  const seen = new Map<string, string>();
  for (const folder of EARLIER_SETS) {
    const earlier = JSON.parse(readFileSync(path.join(folder, 'kits.json'), 'utf8')) as PublicKitSource[];
    for (const source of earlier) seen.set(pageSignature(askingPage(folder, source), source.language), `${source.repo} ${source.kit}`);
  }
  const { sources, skipped } = buildKitSet({
    out: OUT,
    set: 'public-kits-3',
    collections: COLLECTIONS,
    mirrors: values.mirrors ?? '/work/.mirror',
    maxFile: 100_000,
    linkCopies: true,
    skip: (source) => {
      const page = askingPage(OUT, source);
      const signature = pageSignature(page, source.language);
      const same = seen.get(signature);
      if (same) return `the same page (title and fields) as ${same}`;
      // FlippieHacks' pages share one untitled form and differ by the brand they show: within this
      // set, a page is another page when its words are.
      const worded = `${signature}|${visibleWords(page)}`;
      const twin = seen.get(worded);
      if (twin) return `the same page (title, fields and words) as ${twin}`;
      seen.set(worded, `${source.repo} ${source.kit}`);
      return null;
    },
  });
  console.log(`left out:\n  ${skipped.join('\n  ')}`);
  console.log(
    `public kits 3: ${sources.length} kits from ${COLLECTIONS.map((c) => `${c.repo}@${c.commit.slice(0, 12)}`).join(', ')} written to ${OUT}`,
  );
}
