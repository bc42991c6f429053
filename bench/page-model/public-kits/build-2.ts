/**
 * Builds `fixtures/public-kits-2/` (the second set of public kits, issue 36): kits the first set
 * (`build.ts`, zphisher and HiddenEye) does not hold, from three other collections, built, trimmed
 * and recorded as `kit-set.ts` does.
 *
 * - FluxionNetwork/fluxion's captive portals: router and internet-provider pages asking for the
 *   Wi-Fi password, most in a language other than English (de, es, fr, it, nl, ru), a kind the
 *   first set lacks. Only the portals whose first page asks for a password are taken; the others
 *   ask on a later page a scan does not open. These pages copy a router's own admin page, which has
 *   no public host: no honest counterpart, but for the German Google sign-in page.
 * - An0nUD4Y/blackeye's pages: one lineage with zphisher, so every page the first set already holds
 *   (same title and same fields) is left out; what stays are other versions of a brand's page and
 *   brands the first set lacks.
 * - KasRoudra2/maxfiles (MaxPhisher's pages): four kit folders with their own MIT licence.
 *
 *   npx tsx bench/page-model/public-kits/build-2.ts [--mirrors <folder>]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { askingPage, buildKitSet, pageSignature, type Collection, type KitAbout, type PublicKitSource } from './kit-set.ts';

const OUT = fileURLToPath(new URL('../../../fixtures/public-kits-2/', import.meta.url));
const FIRST_SET = fileURLToPath(new URL('../../../fixtures/public-kits/', import.meta.url));

/** A router's or provider's page asking for the Wi-Fi password, in the language its folder names. */
const portal = (brand: string, language: string): KitAbout => [`${brand} Wi-Fi password page`, null, language];

const FLUXION: Collection = {
  repo: 'FluxionNetwork/fluxion',
  commit: 'a23d48af1aa0489a6a9e64f3522ada4bd50da0c1',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE',
  root: 'attacks/Captive Portal/sites',
  kits: {
    'ARRIS_en.portal': portal('ARRIS gateway', 'en'),
    'Adbepicentro_it.portal': portal('ADB Italia residential gateway', 'it'),
    'Asus_it.portal': portal('ASUS router "firmware upgrade"', 'it'),
    'Bbox_fr.portal': portal('Bouygues Bbox', 'fr'),
    'Cisco-Linksys_it.portal': portal('Cisco Linksys router', 'it'),
    'Djaweb_fr.portal': portal('Djaweb (Algérie Télécom)', 'fr'),
    'Dlink_it.portal': portal('D-Link router "firmware"', 'it'),
    'Dlink_ru.portal': portal('D-Link router "firmware"', 'ru'),
    'FRITZBox1_en.portal': portal('FRITZ!Box', 'en'),
    'FRITZBox2_en.portal': portal('FRITZ!Box (second page)', 'en'),
    'FRITZBox_de.portal': portal('FRITZ!Box', 'de'),
    'Freebox_fr.portal': portal('Freebox subscriber area', 'fr'),
    'GENENIX_de.portal': portal('Genexis router', 'de'),
    'Google_de.portal': ['Google sign-in (German) on a Wi-Fi portal', 'accounts.google.com', 'de'],
    'Livebox_fr.portal': portal('Orange Livebox', 'fr'),
    'NETGEAR-Login_en.portal': portal('NETGEAR "security check"', 'en'),
    'Netis_it.portal': portal('netis router', 'it'),
    'Proximus_fr.portal': portal('Proximus modem', 'fr'),
    'Proximus_nl.portal': portal('Proximus modem', 'nl'),
    'SFR_fr.portal': portal('SFR box', 'fr'),
    'Siemens_en.portal': portal('Siemens router', 'en'),
    'TP-LINK_en.portal': portal('TP-Link router', 'en'),
    'TP-LINK_it.portal': portal('TP-Link router', 'it'),
    'Technicolor_en.portal': portal('Technicolor gateway', 'en'),
    'Technicolor_it.portal': portal('Technicolor gateway', 'it'),
    'Telecom_it.portal': portal('Telecom Italia modem', 'it'),
    'Telekom_de.portal': portal('Telekom login', 'de'),
    'Verizon_en.portal': portal('Verizon router', 'en'),
    'Xfinity-Login_en.portal': portal('Xfinity "security check"', 'en'),
    'kpn_nl.portal': portal('KPN', 'nl'),
    'movistar_es.portal': portal('Movistar login', 'es'),
    'ziggo1_nl.portal': portal('Ziggo', 'nl'),
    'ziggo2_nl.portal': portal('Ziggo login', 'nl'),
  },
};

/** Every blackeye page a browser can open (not `google`, whose entry is a PHP page, nor the empty `create`). */
const BLACKEYE: Collection = {
  repo: 'An0nUD4Y/blackeye',
  commit: '6373d28c3f4a1234d05d718c7922ff08b322e88b',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE',
  root: 'sites',
  kits: {
    adobe: ['LINE login (in the "adobe" folder)', 'access.line.me'],
    amazon: ['Amazon sign-in', 'www.amazon.com'],
    apple: ['Apple ID "verify" login', 'appleid.apple.com'],
    badoo: ['Badoo login', 'badoo.com'],
    bitcoin: ['Bitconnect login', null],
    devianart: ['DeviantArt login', 'www.deviantart.com'],
    dropbox: ['Dropbox login', 'www.dropbox.com'],
    facebook: ['Facebook login', 'www.facebook.com'],
    github: ['GitHub login', 'github.com'],
    gitlab: ['GitLab login', 'gitlab.com'],
    icloud: ['iCloud login', 'www.icloud.com'],
    instafollowers: ['"Insta Followers Pro" Instagram login', 'www.instagram.com'],
    instagram: ['Instagram login', 'www.instagram.com'],
    linkedin: ['LinkedIn login', 'www.linkedin.com'],
    messenger: ['Messenger login', 'www.messenger.com'],
    microsoft: ['Microsoft account login', 'login.live.com'],
    myspace: ['Myspace login', 'myspace.com'],
    netflix: ['Netflix login', 'www.netflix.com'],
    origin: ['EA Origin login', 'signin.ea.com'],
    paypal: ['PayPal login', 'www.paypal.com'],
    pinterest: ['Pinterest login', 'www.pinterest.com'],
    playstation: ['Sony Entertainment Network (PlayStation) sign-in', 'account.sonyentertainmentnetwork.com'],
    protonmail: ['ProtonMail login', 'account.proton.me'],
    shopify: ['Shopify store admin login', 'accounts.shopify.com'],
    shopping: ['eBay sign-in (in the "shopping" folder)', 'signin.ebay.com'],
    snapchat: ['Snapchat login', 'accounts.snapchat.com'],
    spotify: ['Spotify login', 'accounts.spotify.com'],
    steam: ['Steam Community login', 'steamcommunity.com'],
    twitch: ['Twitch login', 'www.twitch.tv'],
    twitter: ['Twitter login', 'twitter.com'],
    verizon: ['Verizon login', 'secure.verizon.com'],
    vk: ['VK login', 'vk.com'],
    wifi: ['Google sign-in in German (in the "wifi" folder)', 'accounts.google.com'],
    wordpress: ['WordPress login', 'wordpress.com'],
    yahoo: ['Yahoo login', 'login.yahoo.com'],
    yandex: ['Yandex login', 'passport.yandex.ru'],
  },
};
/**
 * The pages of KasRoudra's tools (MaxPhisher): the repository states no licence, so only kit
 * folders that carry their own (MIT, by KasRoudra) are taken, and of those the brands and kinds
 * neither set holds otherwise (a payment app, a crypto airdrop, a webmail); not the Amino and
 * Teachable pages (over 500 kB each).
 */
const MAXFILES: Collection = {
  repo: 'KasRoudra2/maxfiles',
  commit: '99ad301fdf01433a6c751f4870d50df1f4b3402a',
  licence: "MIT (the kit folder's own LICENSE)",
  licenceFile: null,
  root: '',
  kits: {
    login_cryptoair: ['"CryptoAir" crypto airdrop login', null],
    login_mail: ['mail.com login', 'www.mail.com'],
    login_venmo: ['Venmo login', 'id.venmo.com'],
    login_vimeo: ['Vimeo login', 'vimeo.com'],
  },
};
const COLLECTIONS = [FLUXION, BLACKEYE, MAXFILES];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { mirrors: { type: 'string' } } });
  // The pages already measured (the first set's), and each one this set takes: a page seen once is enough.
  const seen = new Map<string, string>();
  const firstSet = JSON.parse(readFileSync(path.join(FIRST_SET, 'kits.json'), 'utf8')) as PublicKitSource[];
  for (const source of firstSet) seen.set(pageSignature(askingPage(FIRST_SET, source), source.language), `${source.repo} ${source.kit}`);
  const { sources, skipped } = buildKitSet({
    out: OUT,
    set: 'public-kits-2',
    collections: COLLECTIONS,
    mirrors: values.mirrors ?? '/work/.mirror',
    // Half the first set's limit: the portals bundle whole libraries and fonts, which no detector reads.
    maxFile: 100_000,
    linkCopies: true,
    skip: (source) => {
      const signature = pageSignature(askingPage(OUT, source), source.language);
      const same = seen.get(signature);
      if (same) return `the same page (title and fields) as ${same}`;
      seen.set(signature, `${source.repo} ${source.kit}`);
      return null;
    },
  });
  console.log(`left out:\n  ${skipped.join('\n  ')}`);
  console.log(
    `public kits 2: ${sources.length} kits from ${COLLECTIONS.map((c) => `${c.repo}@${c.commit.slice(0, 12)}`).join(', ')} written to ${OUT}`,
  );
}
