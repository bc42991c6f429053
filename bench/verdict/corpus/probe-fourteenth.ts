import { kept } from './probe-fourth.ts';
import { newsletterUrls } from './probe-eleventh.ts';
import { isAddress } from './probe-ninth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The fourteenth fresh probe of issue 35 (session 21): Chinese personal blogs (many on cheap
 * endings: `.top`, `.xin`, `.icu`, `.cn`), links of Chinese front-end weeklies, of a Russian
 * front-end magazine and its list of independent authors, and Korean developers' blog feeds, from
 * public repositories no earlier corpus source or probe family read, none reserved (no Hacker
 * News, no ruanyf/weekly), none a phishing list and none with a `CNAME` (so `siteRepoUrls` does not
 * read them), measured on the shipped engine before any tuning. Same caps as the tenth probe; each
 * family's tenants of a free platform are a family of their own (`-free-host`):
 *
 * - `fourteenth-blog-cn`: Chinese personal blogs: the TUNA association's blogroll of Tsinghua
 *   students (tuna/blogroll `README.md`; no licence file: the addresses are facts), bloghub's list of
 *   Chinese independent blogs and their feeds (shidenggui/bloghub `backend/assets/blogs-original.csv`;
 *   no licence file: facts) and two Chinese bloggers' friend links (panjinye/FicorAstro and
 *   zlm6666/vhAstro-blog `src/page_data/Link.ts` `link`, MIT);
 * - `fourteenth-weekly-cn`: the links of two Chinese front-end weeklies (myNameIsDu/front-end-weekly
 *   `README.md`, `docs/*.md`; campcc/weekly `docs/*.md`; no licence files: the links are facts);
 * - `fourteenth-magazine-ru`: the links of web-standards.ru's articles, a Russian front-end magazine
 *   (web-standards-ru/web-standards.ru `src/articles/**\/index.md`; no licence file: the links are
 *   facts), and its list of Russian-speaking independent front-end authors' own sites
 *   (web-standards-ru/indie-list `README.md`; no licence file: facts);
 * - `fourteenth-blog-ko`: the feeds of Korean developers' blogs (BenjaminKim/awesome-blogs
 *   `config/feeds.yml` `feed_url`; no licence file: the addresses are facts).
 */

const NO_LICENCE = (repo: string) => `no licence file (${repo}): the addresses are facts`;

/** Chinese bloggers' friend links (`"link": "https://…"` entries of an Astro theme's data file). */
function friendLinkUrls(root: string, seen: Map<string, number>, mirror: string, family: string): SiteUrl[] {
  const repo = snapshot(root, mirror);
  if (!repo) return [];
  const urls = [...git(repo.dir, ['show', 'HEAD:src/page_data/Link.ts']).matchAll(/"link":\s*"([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter(isAddress);
  return kept(urls, family, repo.source, `MIT (${mirror.replace('+', '/')})`, seen, `${family}-free-host`);
}

/** Every family of this file. */
export function fourteenthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  const blogCn = 'fourteenth-blog-cn';
  const weeklyCn = 'fourteenth-weekly-cn';
  const magazineRu = 'fourteenth-magazine-ru';
  return [
    ...newsletterUrls(root, seen, 'tuna+blogroll', /^README\.md$/, /github\.com\/tuna\//i, blogCn, NO_LICENCE('tuna/blogroll')),
    ...newsletterUrls(
      root,
      seen,
      'shidenggui+bloghub',
      /^backend\/assets\/blogs-original\.csv$/,
      /github\.com\/shidenggui\//i,
      blogCn,
      NO_LICENCE('shidenggui/bloghub'),
    ),
    ...friendLinkUrls(root, seen, 'panjinye+FicorAstro', blogCn),
    ...friendLinkUrls(root, seen, 'zlm6666+vhAstro-blog', blogCn),
    ...newsletterUrls(
      root,
      seen,
      'myNameIsDu+front-end-weekly',
      /^(README|docs\/.+)\.md$/,
      /github\.com\/myNameIsDu\//i,
      weeklyCn,
      NO_LICENCE('myNameIsDu/front-end-weekly'),
    ),
    ...newsletterUrls(
      root,
      seen,
      'campcc+weekly',
      /^docs\/.+\.md$/,
      /github\.com\/campcc\/|campcc\.github\.io/i,
      weeklyCn,
      NO_LICENCE('campcc/weekly'),
    ),
    ...newsletterUrls(
      root,
      seen,
      'web-standards-ru+web-standards.ru',
      /^src\/articles\/.+\/index\.md$/,
      /web-standards\.ru|github\.com\/web-standards-ru\//i,
      magazineRu,
      NO_LICENCE('web-standards-ru/web-standards.ru'),
    ),
    ...newsletterUrls(
      root,
      seen,
      'web-standards-ru+indie-list',
      /^README\.md$/,
      /web-standards\.ru|github\.com\/web-standards-ru\//i,
      magazineRu,
      NO_LICENCE('web-standards-ru/indie-list'),
    ),
    ...newsletterUrls(
      root,
      seen,
      'BenjaminKim+awesome-blogs',
      /^config\/feeds\.yml$/,
      /github\.com\/BenjaminKim\//i,
      'fourteenth-blog-ko',
      NO_LICENCE('BenjaminKim/awesome-blogs'),
    ),
  ];
}
