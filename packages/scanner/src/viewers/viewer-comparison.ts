import type { ViewerComparison, ViewersResult, ViewerView } from '@riskscan/contracts';
import { hashDistance } from '../brand/logo-hash.ts';
import { compareViews } from '../collect/cloaking.ts';
import { sameSite, urlFacts } from '../url/url-facts.ts';
import type { SeenPage } from './viewer-view.ts';

/**
 * Past this many differing bits of 64 two screenshots show different pictures. A phone's narrow
 * layout of the same page stays well below it; the difference is reported, never called cloaking alone.
 */
export const SCREENSHOT_DISTANCE_LIMIT = 20;

const succeeded = (view: ViewerView) => view.final_url !== null && view.status !== null && view.status < 400;
const asks = (view: ViewerView) => new Set(view.forms.flatMap((form) => form.asks));
const listed = (items: readonly string[]) => items.map((item) => `"${item}"`).join(', ');

function formDifferences(first: ViewerView, other: ViewerView): string[] {
  const theirs = asks(other);
  const ours = asks(first);
  const more = [...theirs].filter((item) => !ours.has(item));
  const fewer = [...ours].filter((item) => !theirs.has(item));
  return [
    ...(more.length > 0 ? [`It is asked for ${listed(more)}, which ${first.label} is not asked for.`] : []),
    ...(fewer.length > 0 ? [`It is not asked for ${listed(fewer)}, which ${first.label} is asked for.`] : []),
  ];
}

/** How `other` saw the page against `first`, as sentences, and whether that makes it another page. */
export function compareViewer(first: SeenPage, other: SeenPage): ViewerComparison {
  const [a, b] = [first.view, other.view];
  const differences: string[] = [];
  let cloaking = false;

  if (succeeded(a) !== succeeded(b)) {
    cloaking = true;
    differences.push(
      succeeded(b)
        ? `It gets a page where ${a.label} gets ${a.error ?? `an error (${a.status ?? 'no answer'})`}.`
        : `It gets ${b.error ?? `an error (${b.status ?? 'no answer'})`} where ${a.label} gets a page.`,
    );
  }
  if (a.final_url && b.final_url && a.final_url !== b.final_url) {
    const otherSite = !sameSite(urlFacts(a.final_url), urlFacts(b.final_url));
    cloaking ||= otherSite;
    differences.push(`It ends on ${b.final_url} instead of ${a.final_url}${otherSite ? ', another site' : ''}.`);
  }
  if (a.redirect_chain.length !== b.redirect_chain.length)
    differences.push(`It is redirected ${b.redirect_chain.length - 1} times, ${a.label} ${a.redirect_chain.length - 1} times.`);
  if ((a.title ?? '') !== (b.title ?? '')) differences.push(`Its page is titled "${b.title ?? ''}" instead of "${a.title ?? ''}".`);
  const forms = formDifferences(a, b);
  cloaking ||= forms.length > 0;
  differences.push(...forms);
  // Few words in common: the same address serves another text, not another layout of it.
  const text = compareViews(
    { finalUrl: a.final_url ?? '', status: a.status, html: first.html },
    { finalUrl: b.final_url ?? '', status: b.status, html: other.html },
  );
  if (text.similarity !== null && text.differs && a.final_url && b.final_url && sameSite(urlFacts(a.final_url), urlFacts(b.final_url))) {
    cloaking = true;
    differences.push(`Its text has ${Math.round(text.similarity * 100)}% of its words in common with what ${a.label} reads.`);
  }
  const distance = a.screenshot_phash && b.screenshot_phash ? hashDistance(a.screenshot_phash, b.screenshot_phash) : null;
  if (distance !== null && distance > SCREENSHOT_DISTANCE_LIMIT)
    differences.push(`Its screenshot looks different (${distance} of 64 bits differ).`);
  return { view: b, differences, screenshot_distance: distance, cloaking };
}

/** The report's `viewers`: the scan's own view first, each other one compared with it, and one sentence over all. */
export function compareViewers(first: SeenPage, others: readonly SeenPage[]): ViewersResult {
  const compared = others.map((other) => compareViewer(first, other));
  const cloaked = compared.filter((entry) => entry.cloaking);
  const summary =
    cloaked.length > 0
      ? `Cloaking: ${listedLabels(cloaked)} ${cloaked.length === 1 ? 'was' : 'were'} shown another page than ${first.view.label}.`
      : compared.some((entry) => entry.differences.length > 0)
        ? `All ${compared.length + 1} viewers were shown the same page, with small differences.`
        : `All ${compared.length + 1} viewers were shown the same page.`;
  return { first: first.view, others: compared, cloaking: cloaked.length > 0, summary };
}

const listedLabels = (entries: readonly ViewerComparison[]) => entries.map((entry) => entry.view.label).join(' and ');
