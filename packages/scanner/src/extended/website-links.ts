import type { Collected } from '../collect/collected.ts';
import type { PageFacts } from '../page/page-facts.ts';

/** Without the fragment: `page#top` and `page#faq` are one link. */
function withoutFragment(href: string): string {
  const url = new URL(href);
  url.hash = '';
  return url.href;
}

/**
 * Every http(s) link of the final page (the parsed rendered DOM when the browser ran, else the
 * static HTML), absolute, without fragments and de-duplicated in page order: "WebSite Links".
 */
export function websiteLinks(page: PageFacts | null): string[] {
  const links = (page?.anchors ?? []).map((anchor) => anchor.href).filter((href) => /^https?:\/\//i.test(href));
  return [...new Set(links.map(withoutFragment))];
}

/**
 * Host names the page made its browser contact (rendered requests, blocked ones included, since the
 * page tried), else the hosts of the static page's sub-resources; sorted and unique.
 */
export function contactedDomains(collected: Collected, page: PageFacts | null): string[] {
  const urls = collected.rendered
    ? collected.rendered.requests.map((request) => request.url)
    : (page?.resources ?? []).map((resource) => resource.url);
  const hosts = urls.filter((url) => /^https?:\/\//i.test(url) && URL.canParse(url)).map((url) => new URL(url).hostname);
  return [...new Set(hosts)].sort();
}
