import { InvalidError } from '../../domain-errors.ts';
import { type ParsedSearch, parseSearch } from '../search/index.ts';

/**
 * Reads a search to be saved: the search parser's own limits (terms, word length) hold, and a rule
 * that could only be matched by reading every scan again is refused with the reason.
 */
export function parseSavedRule(q: string): ParsedSearch {
  const search = parseSearch(q);
  if (search.likeness) {
    throw InvalidError.field(
      'q',
      `A saved search cannot use ${search.likeness.field}: it ranks scans by likeness instead of matching them. Save a search by domain, IP, AS, hash, brand, level or words.`,
    );
  }
  const wildcard = search.words.find((word) => /^[*%?]/.test(word));
  if (wildcard !== undefined) {
    throw InvalidError.field(
      'q',
      `A saved search cannot start a word with a wildcard ("${wildcard}"): words are already found anywhere in the URL, so write the word without it.`,
    );
  }
  return search;
}
