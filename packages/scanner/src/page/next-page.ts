import type { PageFacts, PageForm } from './page-facts.ts';
import { asksForSecrets } from './sensitive-inputs.ts';

/** A site search box leads to results, not to the next step of anything. */
const SEARCH = /^(?:q|s|query|search|keywords?|term)$/i;
const isSearchForm = (form: PageForm) => form.inputs.some((input) => input.type === 'search' || SEARCH.test(input.name));

/**
 * The page a form that asks for nothing leads to on the same host: a "vote" or survey kit's first
 * page is a poll, and its credential page is the one its form opens. A scan submits no forms, so
 * that page is read as an address of its own (without the answers), once. Null when the page
 * already asks for secrets, or has no such form.
 */
export function nextPageOf(page: PageFacts): string | null {
  if (asksForSecrets(page)) return null;
  let here: URL;
  try {
    here = new URL(page.baseUrl);
  } catch {
    return null;
  }
  for (const form of page.forms.slice(0, 5)) {
    if (!form.action || isSearchForm(form) || form.inputs.length === 0) continue;
    const next = new URL(form.action);
    if (!/^https?:$/.test(next.protocol) || next.host !== here.host || next.pathname === here.pathname) continue;
    return `${next.origin}${next.pathname}`;
  }
  return null;
}
