import { csvCells, links } from './probe-fresh.ts';
import { kept } from './probe-fourth.ts';
import { git, MIRRORS, type SiteUrl, snapshot } from './site-sources.ts';

/**
 * The seventh fresh probe of issue 35 (session 17): what hidden set B holds and earlier probes
 * measured least (links a weekly newsletter shares, small organisations' own pages, account and
 * help pages of organisations outside the brand catalogue), from public repositories no earlier
 * corpus source or probe family read, none reserved and none a phishing list, measured on the
 * shipped engine before any tuning. Read from snapshots in `VERDICT_SITE_MIRRORS`, never written
 * to the URL corpus; none carries a `CNAME`, so `siteRepoUrls` does not read them either. At most
 * three URLs per registrable domain and family and 2,000 per family (an even spread):
 *
 * - `seventh-weekly-emacs`: the links of every issue of Sacha Chua's Emacs News still in its
 *   repository's history (sachac/emacs-news `most-recent.org` at each commit, newest first):
 *   people's blogs, forums, fediverse posts and mailing lists of many countries; no licence file,
 *   the links are used as facts;
 * - `seventh-weekly-go-cn`: the links of a Chinese Go weekly (polaris1119/golangweekly
 *   `docs/issue-*.md`, newest first); no licence file, the links are used as facts;
 * - `seventh-security-page`: organisations' vulnerability-disclosure policies, security contact
 *   pages and `security.txt` files of many countries (disclose/diodb `program-list.json`, CC0-1.0):
 *   help pages of organisations mostly outside the brand catalogue;
 * - `seventh-account-page`: the change-password and account-settings pages of sites
 *   (apple/password-manager-resources `quirks/change-password-URLs.json`, MIT), on the host each
 *   site serves them from;
 * - `seventh-town-us`: US municipalities' official sites, many at a county's or a vendor's path
 *   (caimeng2/UScityURL `UScityURL.csv`, CC BY 4.0);
 * - `seventh-municipality-np`: Nepal's municipalities' official sites
 *   (sagautam5/local-states-nepal `dataset/municipalities/en.json`, MIT);
 * - `seventh-free-host`: any URL of the families above on a free platform's tenant.
 */

const FREE_HOST = 'seventh-free-host';

/** Emacs News's links, newest issue first (each commit holds that week's issue). */
export function emacsNewsUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'sachac+emacs-news');
  if (!repo) return [];
  const text = git(repo.dir, ['rev-list', 'HEAD'])
    .split('\n')
    .filter(Boolean)
    .map((commit) => git(repo.dir, ['show', `${commit}:most-recent.org`]))
    .join('\n');
  // Org links close with `]`, which `links` already stops at.
  return kept(
    links(text),
    'seventh-weekly-emacs',
    repo.source,
    'no licence file (sachac/emacs-news): links used as facts',
    seen,
    FREE_HOST,
  );
}

/** The Chinese Go weekly's links, newest issue first, less its own repository's. */
export function goWeeklyCnUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'polaris1119+golangweekly');
  if (!repo) return [];
  const issues = git(repo.dir, ['ls-tree', '-r', '--name-only', 'HEAD', 'docs'])
    .split('\n')
    .filter((file) => /^docs\/issue-\d+\.md$/.test(file))
    .sort()
    .reverse();
  const urls = links(issues.map((file) => git(repo.dir, ['show', `HEAD:${file}`])).join('\n')).filter((url) => !/golangweekly/.test(url));
  return kept(
    urls,
    'seventh-weekly-go-cn',
    repo.source,
    'no licence file (polaris1119/golangweekly): links used as facts',
    seen,
    FREE_HOST,
  );
}

/** Vulnerability-disclosure policies, security contact pages and `security.txt` files. */
export function securityPageUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'disclose+diodb');
  if (!repo) return [];
  const programs = JSON.parse(git(repo.dir, ['show', 'HEAD:program-list.json']) || '[]') as Record<string, unknown>[];
  const urls = programs.flatMap((program) =>
    [program.policy_url, program.contact_url, program.securitytxt_url].filter(
      (url): url is string => typeof url === 'string' && /^https?:\/\//i.test(url),
    ),
  );
  return kept(urls, 'seventh-security-page', repo.source, 'CC0-1.0 (disclose/diodb)', seen, FREE_HOST);
}

/** Sites' change-password and account-settings pages. */
export function accountPageUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'apple+password-manager-resources');
  if (!repo) return [];
  const pages = JSON.parse(git(repo.dir, ['show', 'HEAD:quirks/change-password-URLs.json']) || '{}') as Record<string, string>;
  return kept(Object.values(pages), 'seventh-account-page', repo.source, 'MIT (apple/password-manager-resources)', seen, FREE_HOST);
}

/** US municipalities' official sites, at the address the dataset validated. */
export function usTownUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'caimeng2+UScityURL');
  if (!repo) return [];
  const [header, ...lines] = git(repo.dir, ['show', 'HEAD:UScityURL.csv']).split(/\r?\n/);
  const website = csvCells(header ?? '').indexOf('WEBSITE_URL');
  const urls = lines.map((line) => csvCells(line)[website]?.trim() ?? '').filter((url) => /^https?:\/\//i.test(url));
  return kept(urls, 'seventh-town-us', repo.source, 'CC BY 4.0 (caimeng2/UScityURL)', seen, FREE_HOST);
}

/** Nepal's municipalities' official sites. */
export function nepalMunicipalityUrls(root = MIRRORS, seen = new Map<string, number>()): SiteUrl[] {
  const repo = snapshot(root, 'sagautam5+local-states-nepal');
  if (!repo) return [];
  const places = JSON.parse(git(repo.dir, ['show', 'HEAD:dataset/municipalities/en.json']) || '[]') as { website?: string }[];
  const urls = places.map((place) => place.website?.trim() ?? '').filter((url) => /^https?:\/\//i.test(url));
  return kept(urls, 'seventh-municipality-np', repo.source, 'MIT (sagautam5/local-states-nepal)', seen, FREE_HOST);
}

/** Every family of this file. */
export function seventhProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  return [
    ...emacsNewsUrls(root, seen),
    ...goWeeklyCnUrls(root, seen),
    ...securityPageUrls(root, seen),
    ...accountPageUrls(root, seen),
    ...usTownUrls(root, seen),
    ...nepalMunicipalityUrls(root, seen),
  ];
}
