/**
 * Builds a folder of public kits (`fixtures/public-kits/`, `fixtures/public-kits-2/`) from
 * snapshots of public kit collections: what a victim's browser receives from each kit (its HTML
 * and the files it loads), served in the fixture world from an invented host that names no brand
 * (a stranger's host, as a tunnel or a cheap host gives a kit), with the source, commit, path and
 * licence of every page in the folder's `kits.json` and each collection's licence text beside the
 * files. The kits' PHP backends are not kept: a `header('Location: …')` entry becomes a redirect
 * route; PHP blocks that print nothing are dropped.
 *
 * Trimmed to stay small: files over 200 kB (or a smaller limit a set gives) other than the entry page are left out (large photos,
 * bundled libraries), and data: URIs over 16 kB in a page (background photos, fonts) become a
 * 1-pixel image or an empty font. Nothing a detector reads (text, fields, forms, links, small logos)
 * is changed.
 *
 * Each collection is read from `<mirrors>/<owner>+<name>/repo`, a bare clone (`fetch
 * github:<owner>/<name>` in a session, or `git clone --bare`).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A kit taken from a collection: what it imitates, the host its owner signs users in on (where the
 * page the kit copied is honest; null when the copied page has no public home, such as a router's
 * own admin page) and, for a page that declares no `<html lang>`, the language the collection
 * names it in.
 */
export type KitAbout = [imitates: string, owner: string | null, language?: string];

export interface Collection {
  repo: string;
  commit: string;
  licence: string;
  /**
   * Where the licence text lives in the repository, copied to `<out>/LICENSE.<owner>+<name>`; null
   * when the repository has none and each kit taken carries its own (`<kit>/LICENSE`).
   */
  licenceFile: string | null;
  /** The folder holding one folder per kit ('' for the repository's top). */
  root: string;
  /** The kits taken, by folder name; kits not listed are left out. */
  kits: Record<string, KitAbout>;
}

export interface PublicKitSource {
  host: string;
  kit: string;
  imitates: string;
  /** The path a desktop browser lands on. */
  entry: string;
  /** The page asking for the credentials when it is not the entry (a "vote" kit's second step). */
  step?: string;
  /** The host its owner signs users in on, where the copied page is honest; null when it has none. */
  owner: string | null;
  /** The language the collection names the page in, when the page declares none. */
  language?: string;
  repo: string;
  commit: string;
  path: string;
  licence: string;
  licenceFiles: string[];
  files: string[];
  trimmed: string[];
}

/** Files other than the entry page over this size are left out, unless a set asks for less. */
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
/** `set` tells two folders' kits of the same name apart. */
export function strangerHost(set: string, kit: string): string {
  const digest = createHash('sha256').update(`${set}/${kit}`).digest();
  return `${WORDS_A[digest[0]! % WORDS_A.length]}-${WORDS_B[digest[1]! % WORDS_B.length]}-${10 + (digest[2]! % 90)}.${TLDS[digest[3]! % TLDS.length]}`;
}

function git(mirror: string, ...args: string[]): Buffer {
  // Paths as they are (`Telefónica`), not quoted in octal escapes.
  return execFileSync('git', ['-c', 'core.quotePath=false', '--git-dir', mirror, ...args], { maxBuffer: 64 * 1024 * 1024 });
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

/**
 * What makes two kit pages the same page: its language (the one its collection names, else its
 * `<html lang>`: some collections translate a page and leave its `lang` as it was), the title and the form's fields. Two collections of one lineage ship the same
 * page with other whitespace, comments or warning banners.
 */
export function pageSignature(html: string, language?: string): string {
  const title = /<title[^>]*>([^<]*)/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim().toLowerCase() ?? '';
  const fields = [...html.matchAll(/<input\b[^>]*>/gi)]
    .map(([tag]) => {
      const type = /\btype\s*=\s*["']?([\w-]+)/i.exec(tag)?.[1]?.toLowerCase() ?? 'text';
      const name = /\bname\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1] ?? '';
      return `${type}:${name}`;
    })
    .filter((field) => !field.startsWith('hidden:'))
    .sort();
  // A translation of a page is another page: the language is part of what it is.
  const lang = language ?? /<html\b[^>]*\blang\s*=\s*["']?([a-z]{2,3})/i.exec(html)?.[1]?.toLowerCase() ?? '';
  return `${lang}|${title}|${fields.join(',')}`;
}

/** A route serving a page file whose name the fixture server does not know as HTML. */
const asHtml = (file: string) => ({ file, headers: { 'content-type': 'text/html; charset=utf-8' } });

function buildKit(
  { out, set, maxFile = MAX_FILE }: Pick<KitSet, 'out' | 'set' | 'maxFile'>,
  collection: Collection,
  mirror: string,
  kit: string,
  [imitates, owner, language]: KitAbout,
  licenceFiles: string[],
): PublicKitSource {
  const folder = collection.root ? `${collection.root}/${kit}` : kit;
  const listing = git(mirror, 'ls-tree', '-r', '-l', collection.commit, `${folder}/`)
    .toString()
    .trim()
    .split('\n')
    .map((line) => {
      const [meta, file] = line.split('\t');
      return { size: Number(meta!.trim().split(/\s+/)[3]), path: file!, name: file!.slice(folder.length + 1) };
    });
  const read = (name: string) => git(mirror, 'show', `${collection.commit}:${folder}/${name}`);
  const host = strangerHost(set, kit);
  const dir = path.join(out, host);
  mkdirSync(path.join(dir, 'public'), { recursive: true });
  const files: string[] = [];
  const trimmed: string[] = [];
  const routes: Record<string, unknown> = {};

  // The entry: index.php either redirects (header Location, or a `redirect('Location: …')` helper
  // printing a script that does) or prints a page (a script choosing the desktop or mobile page,
  // or the kit itself).
  // Without an index.php, the folder's index.html (or index.htm) is the entry.
  const hasPhpIndex = listing.some((entry) => entry.name === 'index.php');
  const index = hasPhpIndex ? read('index.php').toString('utf8') : '';
  const location = hasPhpIndex
    ? /(?:header|redirect)\(\s*['"]Location:\s*([^'"]+)['"]/i.exec(index)?.[1]?.trim()
    : (['index.html', 'index.htm'].find((name) => listing.some((entry) => entry.name === name)) ?? 'index.html');
  if (location && hasPhpIndex) routes['/'] = { redirect: `/${location}`, status: 302 };
  // A web server opens an index.htm at `/` as HTML too; the fixture server knows only index.html.
  else if (location === 'index.htm') routes['/'] = asHtml(location);
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
    const isEntry = pages.includes(entry.name);
    if ((/\.php$/i.test(entry.name) && !isEntry) || /^(LICENSE|license\.txt|README\.md)$/i.test(entry.name)) continue;
    if (!isEntry && !named.has(entry.name)) continue;
    if (!isEntry && /\.html?$/i.test(entry.name)) {
      trimmed.push(`${entry.name} left out (another page of the kit)`);
      continue;
    }
    const limit = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf)$/i.test(entry.name) ? MAX_IMAGE : maxFile;
    if (!isEntry && entry.size > limit) {
      trimmed.push(`${entry.name} left out (${entry.size} bytes)`);
      continue;
    }
    let content: Buffer | string = read(entry.name);
    if (isEntry) {
      const text = content.toString('utf8');
      content = trimDataUris(text);
      if (content.length !== text.length) trimmed.push(`${entry.name}: data: URIs over ${MAX_DATA_URI} characters emptied`);
      // A page the kit's PHP prints (`login.html.php`): served as the HTML it prints, at its own address.
      if (/\.php$/i.test(entry.name)) {
        content = withoutPhp(content);
        routes[`/${entry.name}`] = asHtml(entry.name);
      }
    }
    mkdirSync(path.dirname(path.join(dir, 'public', entry.name)), { recursive: true });
    writeFileSync(path.join(dir, 'public', entry.name), content);
    files.push(entry.name);
  }
  // A kit folder's own licence (some pages were taken from other authors) stays beside its files.
  for (const name of ['LICENSE', 'license.txt', 'README.md'])
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
    ...(language ? { language } : {}),
    repo: collection.repo,
    commit: collection.commit,
    path: folder,
    licence: collection.licence,
    licenceFiles,
    files: files.sort(),
    trimmed,
  };
}

/** The page that asks (a "vote" kit's second step, else the entry) of a built kit. */
export function askingPage(out: string, source: PublicKitSource): string {
  const page = (source.step ?? source.entry).replace(/^\/+/, '') || 'index.html';
  return readFileSync(path.join(out, source.host, 'public', page), 'utf8');
}

/**
 * Replaces every kit file whose bytes an earlier kit's file already holds with a link to that file
 * (the fixture server reads through links, as the owners' hosts do).
 */
function linkSameFiles(out: string, sources: readonly PublicKitSource[]): void {
  const first = new Map<string, string>();
  for (const source of sources) {
    const publicDir = path.join(out, source.host, 'public');
    for (const name of readdirSync(publicDir, { recursive: true, encoding: 'utf8' }).sort()) {
      const file = path.join(publicDir, name);
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue; // a folder
      }
      const digest = createHash('sha256').update(bytes).digest('hex');
      const earlier = first.get(digest);
      if (earlier === undefined) first.set(digest, file);
      else {
        rmSync(file);
        symlinkSync(path.relative(path.dirname(file), earlier), file);
      }
    }
  }
}

export interface KitSet {
  /** The folder written. */
  out: string;
  /** Tells this folder's stranger hosts from another folder's. */
  set: string;
  collections: readonly Collection[];
  mirrors: string;
  /** Files other than the entry page over this many bytes are left out (200 kB unless given). */
  maxFile?: number;
  /** Keep one copy of a file several kits ship (a jQuery, a font): the others link to it. */
  linkCopies?: boolean;
  /**
   * Says why a built kit is left out (the same page as one already in another folder), or null to
   * keep it; its folder is removed.
   */
  skip?: (source: PublicKitSource) => string | null;
}

/**
 * Writes every kit of the collections, `kits.json`, the collections' licences and (the honest side)
 * the page each kit copied on its owner's host, the first kit of each owner, served from the kit's
 * own files through a link, so the set holds no second copy. Returns the kits kept and the ones
 * left out, with why.
 */
export function buildKitSet({ out, set, collections, mirrors, maxFile, linkCopies, skip }: KitSet): {
  sources: PublicKitSource[];
  skipped: string[];
} {
  const hosts = new Set<string>();
  const sources: PublicKitSource[] = [];
  const skipped: string[] = [];
  mkdirSync(out, { recursive: true });
  for (const collection of collections) {
    const mirror = path.join(mirrors, collection.repo.replace('/', '+'), 'repo');
    // The folders this script writes; the notices are kept.
    for (const [kit, [, owner]] of Object.entries(collection.kits))
      for (const host of [strangerHost(set, kit), owner]) if (host) rmSync(path.join(out, host), { recursive: true, force: true });
    // A file, not a folder: every folder of the set is a fixture site.
    const licenceCopy = `LICENSE.${collection.repo.replace('/', '+')}`;
    if (collection.licenceFile !== null)
      writeFileSync(path.join(out, licenceCopy), git(mirror, 'show', `${collection.commit}:${collection.licenceFile}`));
    for (const [kit, about] of Object.entries(collection.kits)) {
      const licences = collection.licenceFile === null ? [] : [licenceCopy];
      const source = buildKit({ out, set, maxFile }, collection, mirror, kit, about, licences);
      if (source.licenceFiles.length === 0) throw new Error(`${collection.repo} ${kit}: no licence`);
      if (hosts.has(source.host)) throw new Error(`two kits on ${source.host}`);
      const why = skip?.(source) ?? null;
      if (why !== null) {
        rmSync(path.join(out, source.host), { recursive: true, force: true });
        skipped.push(`${collection.repo} ${kit}: ${why}`);
        continue;
      }
      hosts.add(source.host);
      sources.push(source);
    }
  }
  writeFileSync(path.join(out, 'kits.json'), `${JSON.stringify(sources, null, 2)}\n`);
  if (linkCopies) linkSameFiles(out, sources);
  for (const source of sources) {
    if (source.owner === null || hosts.has(source.owner)) continue;
    const dir = path.join(out, source.owner);
    hosts.add(source.owner);
    mkdirSync(dir, { recursive: true });
    symlinkSync(`../${source.host}/public`, path.join(dir, 'public'));
    // The kit's file routes (a page its PHP prints, served as HTML), not its redirects: the owner's page opens directly.
    const kitRoutes = (JSON.parse(readFileSync(path.join(out, source.host, 'site.json'), 'utf8')) as { routes: Record<string, object> })
      .routes;
    const routes = Object.fromEntries(Object.entries(kitRoutes).filter(([, route]) => 'file' in route));
    writeFileSync(
      path.join(dir, 'site.json'),
      `${JSON.stringify(
        {
          kind: 'benign',
          description: `The ${source.imitates} page that the "${source.kit}" kit of ${source.repo} copied, served on its owner's host (files of ${source.host}).`,
          entry: `https://${source.step ?? source.entry}`.replace('https://', 'https:///').replace('https:////', 'https:///'),
          ...(Object.keys(routes).length > 0 ? { routes } : {}),
        },
        null,
        2,
      )}\n`,
    );
  }
  return { sources, skipped };
}
