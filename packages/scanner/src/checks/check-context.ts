import { pageHtml, type Collected } from '../collect/collected.ts';
import { parsePage, type PageFacts } from '../page/page-facts.ts';
import { scriptCorpus } from '../page/revealed-code.ts';
import { withSameSiteFrames } from '../page/same-site-frames.ts';
import { urlFacts } from '../url/url-facts.ts';
import type { CheckContext } from './check.ts';

/** Gives each of the page's SVG picture files the words the browser stage read in it. */
function withDrawnWords(page: PageFacts, drawings: readonly { src: string; drawn: string[] }[]): void {
  if (drawings.length === 0) return;
  const bySrc = new Map(drawings.map((drawing) => [drawing.src, drawing.drawn]));
  for (const image of page.images) {
    const drawn = image.src === null ? undefined : bySrc.get(image.src);
    if (drawn) image.drawn = drawn;
  }
}

/** Derives the shared facts once per scan; the final page is the rendered one when the browser ran. */
export function buildCheckContext(collected: Collected, now: Date, protectedDomains: readonly string[] = []): CheckContext {
  const html = pageHtml(collected);
  const finalUrl = collected.rendered?.finalUrl ?? collected.finalUrl;
  // Frames of the page's own site are part of what the visitor sees: their fields are the page's.
  const frames = [...(collected.rendered?.frames ?? []), ...(collected.rendered?.openedFrames ?? [])];
  const page = html === null ? null : withSameSiteFrames(parsePage(html, finalUrl), frames);
  if (page) {
    page.logoHashes = collected.rendered?.logoHashes ?? [];
    withDrawnWords(page, collected.rendered?.drawings ?? []);
  }
  return {
    requested: urlFacts(collected.requestedUrl),
    final: urlFacts(finalUrl),
    page,
    scripts: page ? scriptCorpus(page) : null,
    now,
    protectedDomains,
  };
}
