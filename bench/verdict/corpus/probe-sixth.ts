import { freeHostingPlatform } from '@riskscan/scanner';
import { capped, links, markdownOf } from './probe-fresh.ts';
import { type SiteUrl, MIRRORS, snapshot } from './site-sources.ts';

/**
 * The sixth fresh probe of issue 35 (session 16): free platforms' tenants only (github.io,
 * vercel.app, netlify.app, pages.dev, web.app, blogspot, wixsite, weebly, glitch.me, onrender.com,
 * gitlab.io, surge.sh, wordpress.com...), at the real paths public lists link to, measured on the
 * shipped engine before any tuning. Read from snapshots in `VERDICT_SITE_MIRRORS`, never written
 * to the URL corpus; none carries a `CNAME`, so `siteRepoUrls` does not read them either. No source
 * here was read by an earlier corpus source or probe family, none is reserved or a phishing list.
 * At most three URLs per tenant and family:
 *
 * - `sixth-tenant-docs`: documentation sites built with docsify and VuePress, from their showcases
 *   (docsifyjs/awesome-docsify, CC0-1.0; vuepress/awesome-vuepress, no licence file: links as facts);
 * - `sixth-tenant-dev`: project pages, demos and tools that developers' and designers' lists link
 *   to (bradtraversy/design-resources-for-developers, MIT; TheComputerM/awesome-svelte, CC0-1.0;
 *   planetjekyll/awesome-jekyll, no licence file; myles/awesome-static-generators, CC0-1.0;
 *   sdmg15/Best-websites-a-programmer-should-visit, MIT; sindresorhus/awesome-nodejs, CC0-1.0);
 * - `sixth-tenant-blog`: people's and researchers' blog posts (many on blogspot) that essay and
 *   security lists link to (kdeldycke/awesome-falsehood, CC0-1.0; danluu/post-mortems, no licence
 *   file; rshipp/awesome-malware-analysis, CC BY 4.0; sbilly/awesome-security, MIT;
 *   jivoi/awesome-osint, CC BY-SA 4.0; meirwah/awesome-incident-response, Apache-2.0;
 *   hslatman/awesome-threat-intelligence, Apache-2.0; fabacab/awesome-cybersecurity-blueteam, no
 *   licence file). Licences as each repository's licence file states; the addresses are facts.
 */

// [family, snapshot, licence] in the order read (the cap keeps the first three of a tenant).
const SOURCES: [string, string, string][] = [
  ['sixth-tenant-docs', 'docsifyjs+awesome-docsify', 'CC0-1.0 (docsifyjs/awesome-docsify)'],
  ['sixth-tenant-docs', 'vuepress+awesome-vuepress', 'no licence file (vuepress/awesome-vuepress): links used as facts'],
  ['sixth-tenant-dev', 'bradtraversy+design-resources-for-developers', 'MIT (bradtraversy/design-resources-for-developers)'],
  ['sixth-tenant-dev', 'TheComputerM+awesome-svelte', 'CC0-1.0 (TheComputerM/awesome-svelte)'],
  ['sixth-tenant-dev', 'planetjekyll+awesome-jekyll', 'no licence file (planetjekyll/awesome-jekyll): links used as facts'],
  ['sixth-tenant-dev', 'myles+awesome-static-generators', 'CC0-1.0 (myles/awesome-static-generators)'],
  ['sixth-tenant-dev', 'sdmg15+Best-websites-a-programmer-should-visit', 'MIT (sdmg15/Best-websites-a-programmer-should-visit)'],
  ['sixth-tenant-dev', 'sindresorhus+awesome-nodejs', 'CC0-1.0 (sindresorhus/awesome-nodejs)'],
  ['sixth-tenant-blog', 'kdeldycke+awesome-falsehood', 'CC0-1.0 (kdeldycke/awesome-falsehood)'],
  ['sixth-tenant-blog', 'danluu+post-mortems', 'no licence file (danluu/post-mortems): links used as facts'],
  ['sixth-tenant-blog', 'rshipp+awesome-malware-analysis', 'CC BY 4.0 (rshipp/awesome-malware-analysis)'],
  ['sixth-tenant-blog', 'sbilly+awesome-security', 'MIT (sbilly/awesome-security)'],
  ['sixth-tenant-blog', 'jivoi+awesome-osint', 'CC BY-SA 4.0 (jivoi/awesome-osint)'],
  ['sixth-tenant-blog', 'meirwah+awesome-incident-response', 'Apache-2.0 (meirwah/awesome-incident-response)'],
  ['sixth-tenant-blog', 'hslatman+awesome-threat-intelligence', 'Apache-2.0 (hslatman/awesome-threat-intelligence)'],
  [
    'sixth-tenant-blog',
    'fabacab+awesome-cybersecurity-blueteam',
    'no licence file (fabacab/awesome-cybersecurity-blueteam): links used as facts',
  ],
];

// Pictures a list embeds (badges, screenshots): not pages anyone is sent to.
const PICTURE = /\.(svg|png|gif|jpe?g|webp)$/i;

/** Every family of this file: the free-platform tenants the lists' Markdown links to. */
export function sixthProbeUrls(root = MIRRORS): SiteUrl[] {
  const seen = new Map<string, number>();
  const found: SiteUrl[] = [];
  for (const [family, name, licence] of SOURCES) {
    const repo = snapshot(root, name);
    if (!repo) continue;
    const urls = links(markdownOf(repo.dir, /\.(md|markdown)$/i)).filter(
      (url) => URL.canParse(url) && !PICTURE.test(new URL(url).pathname) && freeHostingPlatform(new URL(url).hostname.toLowerCase()),
    );
    found.push(...capped(urls, family, repo.source, licence, seen));
  }
  return found;
}
