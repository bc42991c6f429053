/**
 * Builds `fixtures/public-kits/` from snapshots of public kit collections: what a victim's browser
 * receives from each kit (its HTML and the files it loads), served in the fixture world from an
 * invented host that names no brand (a stranger's host, as a tunnel or a cheap host gives a kit),
 * with the source, commit, path and licence of every page in `fixtures/public-kits/kits.json`
 * and each collection's licence text beside the files. The kits' PHP backends are not kept: a
 * `header('Location: …')` entry becomes a redirect route; PHP blocks that print nothing are dropped.
 *
 * Trimmed to stay small: files over 200 kB other than the entry page are left out (large photos,
 * bundled libraries), and data: URIs over 16 kB in a page (background photos, fonts) become a
 * 1-pixel image or an empty font. Nothing a detector reads (text, fields, forms, links, small logos)
 * is changed.
 *
 *   npx tsx bench/page-model/public-kits/build.ts [--mirrors <folder>]
 *
 * Each collection is read from `<folder>/<owner>+<name>/repo`, a bare clone (`fetch
 * github:<owner>/<name>` in a session, or `git clone --bare`); the folder is `/work/.mirror` unless given.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const OUT = fileURLToPath(new URL('../../../fixtures/public-kits/', import.meta.url));

interface Collection {
  repo: string;
  commit: string;
  licence: string;
  /** Where the licence text lives in the repository, copied to `fixtures/public-kits/LICENSE.<owner>+<name>`. */
  licenceFile: string;
  /** The folder holding one folder per kit. */
  root: string;
  /** The kits taken: folder name, what it imitates and the host its owner signs users in on. */
  kits: Record<string, [imitates: string, owner: string]>;
}

/**
 * What each kit imitates, and the host its owner signs users in on (where the page the kit copied
 * is honest); kits not listed are left out.
 */
const KITS: Record<string, [imitates: string, owner: string]> = {
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

const MAX_FILE = 200_000;
const MAX_IMAGE = 60_000;
const MAX_DATA_URI = 16_000;
const PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Invented neutral host names: two plain words and a number, no brand, no lure word. */
const WORDS_A = ['amber', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'granite', 'harbor', 'indigo', 'juniper', 'kestrel', 'linden'];
const WORDS_B = ['field', 'grove', 'lane', 'meadow', 'point', 'ridge', 'shore', 'stone', 'vale', 'works', 'yard', 'brook'];
// The commonest endings only: a cheap ending (.xyz, .online) is itself an address sign, and the
// question here is what the page shows.
const TLDS = ['com', 'net', 'org'];
function strangerHost(kit: string): string {
  const digest = createHash('sha256').update(`public-kits/${kit}`).digest();
  return `${WORDS_A[digest[0]! % WORDS_A.length]}-${WORDS_B[digest[1]! % WORDS_B.length]}-${10 + (digest[2]! % 90)}.${TLDS[digest[3]! % TLDS.length]}`;
}

function git(mirror: string, ...args: string[]): Buffer {
  return execFileSync('git', ['--git-dir', mirror, ...args], { maxBuffer: 64 * 1024 * 1024 });
}

function trimDataUris(html: string): string {
  return html.replace(/data:([a-z0-9+/.-]+)([;,])[^"')\s]*/gi, (uri, mime: string) => {
    if (uri.length <= MAX_DATA_URI) return uri;
    return mime.toLowerCase().startsWith('image/') ? PIXEL : 'data:,';
  });
}

/** The output of a PHP page for a visitor: its PHP blocks print nothing in these kits. */
function withoutPhp(text: string): string {
  return text.replace(/<\?php[\s\S]*?(\?>|$)/g, '');
}

export interface PublicKitSource {
  host: string;
  kit: string;
  imitates: string;
  /** The path a desktop browser lands on. */
  entry: string;
  /** The page asking for the credentials when it is not the entry (a "vote" kit's second step). */
  step?: string;
  /** The host its owner signs users in on, where the copied page is honest. */
  owner: string;
  repo: string;
  commit: string;
  path: string;
  licence: string;
  licenceFiles: string[];
  files: string[];
  trimmed: string[];
}

function buildKit(
  collection: Collection,
  mirror: string,
  kit: string,
  [imitates, owner]: [string, string],
  licenceFiles: string[],
): PublicKitSource {
  const folder = `${collection.root}/${kit}`;
  const listing = git(mirror, 'ls-tree', '-r', '-l', collection.commit, `${folder}/`)
    .toString()
    .trim()
    .split('\n')
    .map((line) => {
      const [meta, file] = line.split('\t');
      return { size: Number(meta!.trim().split(/\s+/)[3]), path: file!, name: file!.slice(folder.length + 1) };
    });
  const read = (name: string) => git(mirror, 'show', `${collection.commit}:${folder}/${name}`);
  const host = strangerHost(kit);
  const dir = path.join(OUT, host);
  mkdirSync(path.join(dir, 'public'), { recursive: true });
  const files: string[] = [];
  const trimmed: string[] = [];
  const routes: Record<string, unknown> = {};

  // The entry: index.php either redirects (header Location) or prints a page (a script choosing
  // the desktop or mobile page, or the kit itself).
  // Without an index.php, the folder's index.html is the entry.
  const hasPhpIndex = listing.some((entry) => entry.name === 'index.php');
  const index = hasPhpIndex ? read('index.php').toString('utf8') : '';
  const location = hasPhpIndex ? /header\(\s*['"]Location:\s*([^'"]+)['"]/i.exec(index)?.[1]?.trim() : 'index.html';
  if (location && hasPhpIndex) routes['/'] = { redirect: `/${location}`, status: 302 };
  else if (hasPhpIndex) {
    writeFileSync(path.join(dir, 'public', 'index.html'), trimDataUris(withoutPhp(index)));
    files.push('index.html (index.php without its PHP)');
  }

  // The page a desktop browser lands on, and the files it and its style sheets name; the mobile
  // page and the later steps of a kit (a second password page, a "thank you" page) are left out.
  const entryPage =
    location ?? /document\.location\s*=\s*["']([^"']+)["'][^]*?else[^]*?document\.location\s*=\s*["']([^"']+)["']/.exec(index)?.[2];
  const pages = entryPage ? [entryPage] : [];
  // A "vote" kit's first page asks for nothing: its form opens the credential page without a request to the kit's backend.
  const step = entryPage ? /<form[^>]*\baction=["']?([\w-]+\.html)/i.exec(read(entryPage).toString('utf8'))?.[1] : undefined;
  if (step && step !== entryPage) pages.push(step);
  const named = new Set<string>();
  const keep = (text: string) => {
    for (const entry of listing) if (text.includes(entry.name) || text.includes(encodeURI(entry.name))) named.add(entry.name);
  };
  keep(withoutPhp(index));
  for (const page of pages) keep(read(page).toString('utf8'));
  for (const entry of listing) if (/\.css$/i.test(entry.name) && named.has(entry.name)) keep(read(entry.name).toString('utf8'));
  for (const entry of listing) {
    if (/\.php$/i.test(entry.name) || /^(LICENSE|README\.md)$/i.test(entry.name)) continue;
    const isEntry = pages.includes(entry.name);
    if (!isEntry && !named.has(entry.name)) continue;
    if (!isEntry && /\.html?$/i.test(entry.name)) {
      trimmed.push(`${entry.name} left out (another page of the kit)`);
      continue;
    }
    const limit = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf)$/i.test(entry.name) ? MAX_IMAGE : MAX_FILE;
    if (!isEntry && entry.size > limit) {
      trimmed.push(`${entry.name} left out (${entry.size} bytes)`);
      continue;
    }
    let content: Buffer | string = read(entry.name);
    if (isEntry) {
      const text = content.toString('utf8');
      content = trimDataUris(text);
      if (content.length !== text.length) trimmed.push(`${entry.name}: data: URIs over ${MAX_DATA_URI} characters emptied`);
    }
    mkdirSync(path.dirname(path.join(dir, 'public', entry.name)), { recursive: true });
    writeFileSync(path.join(dir, 'public', entry.name), content);
    files.push(entry.name);
  }
  // A kit folder's own licence (some pages were taken from other authors) stays beside its files.
  for (const name of ['LICENSE', 'README.md'])
    if (listing.some((entry) => entry.name === name)) {
      writeFileSync(path.join(dir, name), read(name));
      licenceFiles = [...licenceFiles, `${host}/${name}`];
    }

  writeFileSync(
    path.join(dir, 'site.json'),
    `${JSON.stringify(
      {
        kind: 'malicious',
        description: `${imitates}: the "${kit}" page of ${collection.repo} (${collection.licence}) at ${collection.commit.slice(0, 12)}, served from a stranger's host that names no brand.`,
        expectedClassification: 'Phishing',
        routes,
      },
      null,
      2,
    )}\n`,
  );
  return {
    host,
    kit,
    imitates,
    entry: `/${entryPage ?? ''}`,
    ...(step && step !== entryPage ? { step: `/${step}` } : {}),
    owner,
    repo: collection.repo,
    commit: collection.commit,
    path: folder,
    licence: collection.licence,
    licenceFiles,
    files: files.sort(),
    trimmed,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { mirrors: { type: 'string' } } });
  const mirrors = values.mirrors ?? '/work/.mirror';
  const hosts = new Set<string>();
  const sources: PublicKitSource[] = [];
  mkdirSync(OUT, { recursive: true });
  for (const collection of COLLECTIONS) {
    const mirror = path.join(mirrors, collection.repo.replace('/', '+'), 'repo');
    // The folders this script writes; the notices are kept.
    for (const [kit, [, owner]] of Object.entries(collection.kits))
      for (const host of [strangerHost(kit), owner]) rmSync(path.join(OUT, host), { recursive: true, force: true });
    // A file, not a folder: every folder of the set is a fixture site.
    const licenceCopy = `LICENSE.${collection.repo.replace('/', '+')}`;
    writeFileSync(path.join(OUT, licenceCopy), git(mirror, 'show', `${collection.commit}:${collection.licenceFile}`));
    for (const [kit, about] of Object.entries(collection.kits)) {
      const source = buildKit(collection, mirror, kit, about, [licenceCopy]);
      if (hosts.has(source.host)) throw new Error(`two kits on ${source.host}`);
      hosts.add(source.host);
      sources.push(source);
    }
  }
  writeFileSync(path.join(OUT, 'kits.json'), `${JSON.stringify(sources, null, 2)}\n`);
  // The honest side: the page each kit copied, on its owner's host (the first kit of each owner),
  // served from the kit's own files through a link, so the set holds no second copy.
  for (const source of sources) {
    const dir = path.join(OUT, source.owner);
    if (hosts.has(source.owner)) continue;
    hosts.add(source.owner);
    mkdirSync(dir, { recursive: true });
    symlinkSync(`../${source.host}/public`, path.join(dir, 'public'));
    writeFileSync(
      path.join(dir, 'site.json'),
      `${JSON.stringify(
        {
          kind: 'benign',
          description: `The ${source.imitates} page that the "${source.kit}" kit of ${source.repo} copied, served on its owner's host (files of ${source.host}).`,
          entry: `https://${source.step ?? source.entry}`.replace('https://', 'https:///').replace('https:////', 'https:///'),
        },
        null,
        2,
      )}\n`,
    );
  }
  console.log(
    `public kits: ${sources.length} kits from ${COLLECTIONS.map((c) => `${c.repo}@${c.commit.slice(0, 12)}`).join(', ')} written to ${OUT}`,
  );
}
