import type { ParsedSearch } from './search-query.ts';
import type { IndexedScan } from './search.repository.ts';
import type { SearchTerm } from './search-terms.ts';

/** One scan as the index stores it: its entry and the terms it is found by. */
export type IndexedDocument = { entry: IndexedScan; terms: readonly SearchTerm[] };

/**
 * Whether one indexed scan answers a search for `ownerId`, by the same rules as the repository's
 * SQL (`matching` in search.repository.ts): a saved search is matched against each scan as it is
 * indexed instead of searching the table again. Look-alike modifiers rank rather than match: saved
 * searches refuse them.
 */
export function matchesScan(search: ParsedSearch, doc: IndexedDocument, ownerId: number): boolean {
  const { entry } = doc;
  if (search.likeness) return false;
  if (!entry.listed && entry.owner_id !== ownerId) return false;
  const found = new Set(doc.terms.map((term) => `${term.kind}\n${term.value}`));
  if (!search.terms.every((term) => found.has(`${term.kind}\n${term.value}`))) return false;
  if (search.levels.length > 0 && !search.levels.includes(entry.level)) return false;
  if (search.from && entry.finished_at < search.from) return false;
  if (search.until && entry.finished_at >= search.until) return false;
  const url = entry.url.toLowerCase();
  return search.words.every((word) => url.includes(word));
}
