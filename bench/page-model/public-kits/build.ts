/**
 * Builds `fixtures/public-kits/` (the first set of public kits, issue 36) from snapshots of
 * htr-tech/zphisher and DarkSecDevelopers/HiddenEye; how a kit is built, trimmed and recorded is
 * `kit-set.ts`.
 *
 *   npx tsx bench/page-model/public-kits/build.ts [--mirrors <folder>]
 *
 * Each collection is read from `<folder>/<owner>+<name>/repo`, a bare clone (`fetch
 * github:<owner>/<name>` in a session, or `git clone --bare`); the folder is `/work/.mirror` unless given.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildKitSet, type Collection, type KitAbout } from './kit-set.ts';

const OUT = fileURLToPath(new URL('../../../fixtures/public-kits/', import.meta.url));

/**
 * What each kit imitates, and the host its owner signs users in on (where the page the kit copied
 * is honest); kits not listed are left out.
 */
const KITS: Record<string, KitAbout> = {
  adobe: ['Adobe ID login', 'account.adobe.com'],
  badoo: ['Badoo login', 'badoo.com'],
  deviantart: ['DeviantArt login', 'www.deviantart.com'],
  discord: ['Discord login', 'discord.com'],
  dropbox: ['Dropbox login', 'www.dropbox.com'],
  ebay: ['eBay login', 'signin.ebay.com'],
  facebook: ['Facebook login', 'www.facebook.com'],
  fb_advanced: ['Facebook "vote" lure then login', 'www.facebook.com'],
  fb_messenger: ['Facebook Messenger login', 'www.messenger.com'],
  fb_security: ['Facebook security-check login', 'www.facebook.com'],
  github: ['GitHub login', 'github.com'],
  gitlab: ['GitLab login', 'gitlab.com'],
  google: ['Google login', 'accounts.google.com'],
  google_new: ['Google login (newer page)', 'accounts.google.com'],
  google_poll: ['Google "vote" lure then login', 'accounts.google.com'],
  ig_followers: ['Instagram "free followers" login', 'www.instagram.com'],
  ig_verify: ['Instagram "blue badge" verification login', 'www.instagram.com'],
  insta_followers: ['Instagram "free followers" login', 'www.instagram.com'],
  instagram: ['Instagram login', 'www.instagram.com'],
  linkedin: ['LinkedIn login', 'www.linkedin.com'],
  mediafire: ['MediaFire login', 'www.mediafire.com'],
  microsoft: ['Microsoft account login', 'login.live.com'],
  netflix: ['Netflix login', 'www.netflix.com'],
  origin: ['EA Origin login', 'signin.ea.com'],
  paypal: ['PayPal login', 'www.paypal.com'],
  pinterest: ['Pinterest login', 'www.pinterest.com'],
  protonmail: ['Proton Mail login', 'account.proton.me'],
  quora: ['Quora login', 'www.quora.com'],
  reddit: ['Reddit login', 'www.reddit.com'],
  roblox: ['Roblox login', 'www.roblox.com'],
  snapchat: ['Snapchat login', 'accounts.snapchat.com'],
  spotify: ['Spotify login', 'accounts.spotify.com'],
  stackoverflow: ['Stack Overflow login', 'stackoverflow.com'],
  steam: ['Steam login', 'store.steampowered.com'],
  tiktok: ['TikTok "free likes" login', 'www.tiktok.com'],
  twitch: ['Twitch login', 'www.twitch.tv'],
  twitter: ['Twitter login', 'twitter.com'],
  vk: ['VK login', 'vk.com'],
  vk_poll: ['VK "vote" lure then login', 'vk.com'],
  wordpress: ['WordPress.com login', 'wordpress.com'],
  xbox: ['Xbox (Microsoft account) login', 'login.live.com'],
  yahoo: ['Yahoo login', 'login.yahoo.com'],
  yandex: ['Yandex login', 'passport.yandex.ru'],
};

const ZPHISHER: Collection = {
  repo: 'htr-tech/zphisher',
  commit: '65b99bccaa746ec3edda4291ec7f4048fbd49771',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE',
  root: '.sites',
  kits: KITS,
};

/**
 * DarkSecDevelopers/HiddenEye shares most pages with zphisher (one lineage); only the kits of
 * brands zphisher does not have are taken. Each folder's `index.html` is the entry.
 */
const HIDDENEYE: Collection = {
  repo: 'DarkSecDevelopers/HiddenEye',
  commit: '7a3deaf6f55de1a0ff1f3d0a4cde77a4ed58c63f',
  licence: 'GPL-3.0',
  licenceFile: 'LICENSE',
  root: 'WebPages',
  kits: {
    iCloud: ['iCloud (Apple ID) login', 'www.icloud.com'],
    cryptocurrency: ['Crypto Coin Sniper members login', 'www.cryptocoinsniper.co'],
    myspace: ['Myspace login', 'myspace.com'],
    shopify: ['Shopify store admin login', 'accounts.shopify.com'],
    subitoit: ['Subito.it login (Italian)', 'areariservata.subito.it'],
    verizon: ['Verizon login', 'secure.verizon.com'],
  },
};
const COLLECTIONS = [ZPHISHER, HIDDENEYE];

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { mirrors: { type: 'string' } } });
  const { sources } = buildKitSet({ out: OUT, set: 'public-kits', collections: COLLECTIONS, mirrors: values.mirrors ?? '/work/.mirror' });
  console.log(
    `public kits: ${sources.length} kits from ${COLLECTIONS.map((c) => `${c.repo}@${c.commit.slice(0, 12)}`).join(', ')} written to ${OUT}`,
  );
}
