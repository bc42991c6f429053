import type { CheckCategory } from '@riskscan/contracts';
import type { Collected } from '../collect/collected.ts';
import { parsePage } from '../page/page-facts.ts';
import { scriptCorpus } from '../page/revealed-code.ts';
import { urlFacts } from '../url/url-facts.ts';
import type { Check, CheckContext } from './check.ts';
import { pageBehaviourCheck } from './page-behaviour.ts';
import { pageContentCheck } from './page-content.ts';

/** The checks that read a document; a frame is judged by them like a page of its own. */
const DOCUMENT_CHECKS: readonly Check[] = [pageContentCheck, pageBehaviourCheck];

/**
 * Judges each frame of the rendered page (same-site or cross-site, visible or hidden) like a page
 * at its own address, and lets a frame's finding stand for the page when it is stronger than the
 * page's own: a browser-in-the-browser kit keeps its login form in a hidden same-site frame, which
 * the page around it never shows. The frame's own address decides what its domain owns, so a
 * payment provider's card frame on its own domain stays the provider's. The page a poll's form
 * leads to (`nextPageOf`) is judged the same way: a "vote" kit's login is one submit away; so are
 * the frames its script opens once clicked (`framesOpenedByScript`): a fake pop-up's login.
 */
export function withFrameFindings(categories: CheckCategory[], collected: Collected, context: CheckContext): CheckCategory[] {
  const rendered = collected.rendered;
  if (!rendered) return categories;
  const documents = [
    ...(rendered.frames ?? []).map((frame) => ({ ...frame, where: `In a frame from ${new URL(frame.url).host}` })),
    ...(rendered.openedFrames ?? []).map((frame) => ({
      ...frame,
      where: `In the frame its script opens once clicked, from ${new URL(frame.url).host}`,
    })),
    ...(rendered.nextPages ?? []).map((next) => ({ ...next, where: `On the page its form leads to, ${next.url}` })),
  ];
  if (documents.length === 0) return categories;
  const strongest = new Map<string, { score: number; message: string }>();
  for (const document of documents) {
    const page = parsePage(document.html, document.url);
    const frameContext: CheckContext = { ...context, final: urlFacts(document.url), page, scripts: scriptCorpus(page) };
    const frameCollected: Collected = {
      ...collected,
      rendered: { ...rendered, html: document.html, finalUrl: document.url, qrCodes: [], frames: [], nextPages: [], openedFrames: [] },
    };
    for (const check of DOCUMENT_CHECKS) {
      for (const detail of check.run(frameCollected, frameContext).details) {
        if (detail.risk_score <= (strongest.get(detail.name)?.score ?? 0)) continue;
        strongest.set(detail.name, { score: detail.risk_score, message: `${document.where}: ${detail.message}` });
      }
    }
  }
  return categories.map((category) => ({
    ...category,
    details: category.details.map((detail) => {
      const framed = strongest.get(detail.name);
      return framed && detail.is_active && framed.score > detail.risk_score
        ? { ...detail, risk_score: framed.score, message: framed.message }
        : detail;
    }),
  }));
}
