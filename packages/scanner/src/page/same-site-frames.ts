import { sameSite, urlFacts } from '../url/url-facts.ts';
import { PAGE_LIMITS, parsePage, type PageFacts } from './page-facts.ts';

/** Frames read into the page: the ones a kit splits its page into are few. */
const MAX_MERGED_FRAMES = 4;

/**
 * The page as the visitor sees it: a frame from the page's own site is part of the page, so its
 * forms, fields, captions, buttons, headings, code and text are the page's (issue 36: a kit shows the
 * brand's notice around a same-site frame that holds the card form, so neither half alone both
 * names a brand and asks for a secret). A frame from another site stays its own page
 * (`checks/frame-judgement.ts`): a payment provider's card frame belongs to the provider, not to
 * the shop around it. Mutates and returns `page`.
 */
export function withSameSiteFrames(page: PageFacts, frames: readonly { url: string; html: string }[]): PageFacts {
  if (frames.length === 0 || !/^https?:/i.test(page.baseUrl)) return page;
  const site = urlFacts(page.baseUrl);
  const own = frames.filter((frame) => /^https?:/i.test(frame.url) && sameSite(urlFacts(frame.url), site)).slice(0, MAX_MERGED_FRAMES);
  for (const frame of own) {
    const framed = parsePage(frame.html, frame.url);
    page.forms.push(...framed.forms.slice(0, Math.max(0, PAGE_LIMITS.forms - page.forms.length)));
    page.looseInputs.push(...framed.looseInputs.slice(0, Math.max(0, PAGE_LIMITS.inputs - page.looseInputs.length)));
    page.headings.push(...framed.headings);
    page.labels.push(...framed.labels);
    page.buttons.push(...framed.buttons);
    page.anchors.push(...framed.anchors.slice(0, Math.max(0, PAGE_LIMITS.anchors - page.anchors.length)));
    page.images.push(...framed.images.slice(0, Math.max(0, PAGE_LIMITS.images - page.images.length)));
    page.scripts.push(...framed.scripts.slice(0, Math.max(0, PAGE_LIMITS.scripts - page.scripts.length)));
    page.handlers.push(...framed.handlers.slice(0, Math.max(0, PAGE_LIMITS.handlers - page.handlers.length)));
    if (framed.text) page.text = `${page.text} ${framed.text}`.trim();
    if (framed.prose) page.prose = `${page.prose} ${framed.prose}`.trim();
  }
  return page;
}
