import anyAscii from 'any-ascii';
import { kanaToRomaji } from './kana-romaji.ts';

/**
 * How a name written in another script reads in Latin letters, so it can be compared with the
 * words of a domain, which are Latin (decision 593): "山嵐茶行" reads "ShanLanChaXing" (shanlan-tea),
 * "Зала «Львівська»" reads "Zala <<L'vivs'ka>>" (lvivska-zala), "สำนักงานบัญชีศิริพันธ์" reads
 * "...siriphanth" (siriphan-account). Kana keep their Hepburn reading; everything else is any-ascii's.
 */

/** Letters of a script other than Latin (Cyrillic, Greek, Arabic, Hebrew, Han, kana, Hangul, Thai...). */
const OTHER_SCRIPT = /[^\P{L}\p{Script=Latin}]/u;
/** Scripts that write consonants and leave most vowels out (abjads): their names compare by consonants. */
const ABJAD = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/** True when `text` has letters of a script other than Latin. */
export function writesOtherScript(text: string): boolean {
  return OTHER_SCRIPT.test(text);
}

/** `text` in Latin letters, line by line (the lines are kept: a name is read on one line). */
export function latinReading(text: string): string {
  return anyAscii(kanaToRomaji(text));
}

/**
 * The consonants of a Latin spelling, the way an abjad writes a name ("oud-alnakheel" and "عود
 * النخيل" both "dlnkhl"): vowels and the letters abjads use for them (w, y) dropped, b and v one
 * letter (Hebrew ב is either), doubled letters once.
 */
export function consonantSkeleton(latin: string): string {
  return latin
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/[aeiouwy]/g, '')
    .replace(/b/g, 'v')
    .replace(/(.)\1+/g, '$1');
}

/** True when `text` writes an abjad (Arabic, Hebrew): its Latin reading has almost no vowels. */
export function writesAbjad(text: string): boolean {
  return ABJAD.test(text);
}
