/**
 * The tables behind the look-alike generator and the reverse look-alike check, taken letter for
 * letter from dnstwist 20250130 (Apache-2.0, `data/dnstwist/NOTICE`): keyboard neighbours for the
 * qwerty, qwertz and azerty layouts, look-alike glyphs (ASCII, Unicode, and per registry),
 * Latin letters with a Cyrillic twin. The generator and `skeleton` both read them from here, so
 * the verdict and the generator never disagree on what a homoglyph is.
 */
import { readFileSync } from 'node:fs';

/** Look-alikes of a character or digraph (`rn`): each key maps to the strings that read like it. */
export type GlyphTable = ReadonlyMap<string, readonly string[]>;

function glyphTable(entries: Readonly<Record<string, string>>): GlyphTable {
  return new Map(Object.entries(entries).map(([key, glyphs]) => [key, glyphs.split(' ')]));
}

// prettier-ignore
export const KEYBOARDS: ReadonlyArray<Readonly<Record<string, string>>> = [
  // qwerty
  {
    '1': '2q', '2': '3wq1', '3': '4ew2', '4': '5re3', '5': '6tr4', '6': '7yt5', '7': '8uy6', '8': '9iu7', '9': '0oi8', '0': 'po9',
    q: '12wa', w: '3esaq2', e: '4rdsw3', r: '5tfde4', t: '6ygfr5', y: '7uhgt6', u: '8ijhy7', i: '9okju8', o: '0plki9', p: 'lo0',
    a: 'qwsz', s: 'edxzaw', d: 'rfcxse', f: 'tgvcdr', g: 'yhbvft', h: 'ujnbgy', j: 'ikmnhu', k: 'olmji', l: 'kop',
    z: 'asx', x: 'zsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
  },
  // qwertz
  {
    '1': '2q', '2': '3wq1', '3': '4ew2', '4': '5re3', '5': '6tr4', '6': '7zt5', '7': '8uz6', '8': '9iu7', '9': '0oi8', '0': 'po9',
    q: '12wa', w: '3esaq2', e: '4rdsw3', r: '5tfde4', t: '6zgfr5', z: '7uhgt6', u: '8ijhz7', i: '9okju8', o: '0plki9', p: 'lo0',
    a: 'qwsy', s: 'edxyaw', d: 'rfcxse', f: 'tgvcdr', g: 'zhbvft', h: 'ujnbgz', j: 'ikmnhu', k: 'olmji', l: 'kop',
    y: 'asx', x: 'ysdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhjm', m: 'njk',
  },
  // azerty
  {
    '1': '2a', '2': '3za1', '3': '4ez2', '4': '5re3', '5': '6tr4', '6': '7yt5', '7': '8uy6', '8': '9iu7', '9': '0oi8', '0': 'po9',
    a: '2zq1', z: '3esqa2', e: '4rdsz3', r: '5tfde4', t: '6ygfr5', y: '7uhgt6', u: '8ijhy7', i: '9okju8', o: '0plki9', p: 'lo0m',
    q: 'zswa', s: 'edxwqz', d: 'rfcxse', f: 'tgvcdr', g: 'yhbvft', h: 'ujnbgy', j: 'iknhu', k: 'olji', l: 'kopm', m: 'lp',
    w: 'sxq', x: 'wsdc', c: 'xdfv', v: 'cfgb', b: 'vghn', n: 'bhj',
  },
];

// prettier-ignore
/** dnstwist's `glyphs_ascii`: look-alikes within ASCII, digraphs included (`rn` reads as `m`). */
export const ASCII_GLYPHS: GlyphTable = glyphTable({
  '0': 'o',
  '1': 'l i',
  '3': '8',
  '6': '9',
  '8': '3',
  '9': '6',
  b: 'd lb',
  c: 'e',
  d: 'b cl dl',
  e: 'c',
  g: 'q',
  h: 'lh',
  i: '1 l',
  k: 'lc',
  l: '1 i',
  m: 'n nn rn',
  n: 'm r',
  o: '0',
  q: 'g',
  u: 'v',
  v: 'u',
  w: 'vv',
  rn: 'm',
  cl: 'd',
});

/** dnstwist's `glyphs_unicode`: the look-alikes used when the suffix has no table of its own. */
export const UNICODE_GLYPHS: GlyphTable = glyphTable({
  '2': 'ƻ',
  '3': 'ʒ',
  '5': 'ƽ',
  a: 'ạ ă ȧ ɑ å ą â ǎ á ə ä ã ā à',
  b: 'ḃ ḅ ƅ ʙ ḇ ɓ',
  c: 'č ᴄ ċ ç ć ĉ ƈ',
  d: 'ď ḍ ḋ ɖ ḏ ɗ ḓ ḑ đ',
  e: 'ê ẹ ę è ḛ ě ɇ ė ĕ é ë ē ȩ',
  f: 'ḟ ƒ',
  g: 'ǧ ġ ǵ ğ ɡ ǥ ĝ ģ ɢ',
  h: 'ȟ ḫ ḩ ḣ ɦ ḥ ḧ ħ ẖ ⱨ ĥ',
  i: 'ɩ ǐ í ɪ ỉ ȋ ɨ ï ī ĩ ị î ı ĭ į ì',
  j: 'ǰ ĵ ʝ ɉ',
  k: 'ĸ ǩ ⱪ ḵ ķ ᴋ ḳ',
  l: 'ĺ ł ɫ ļ ľ',
  m: 'ᴍ ṁ ḿ ṃ ɱ',
  n: 'ņ ǹ ń ň ṅ ṉ ṇ ꞑ ñ ŋ',
  o: 'ö ó ȯ ỏ ô ᴏ ō ò ŏ ơ ő õ ọ ø',
  p: 'ṗ ƿ ƥ ṕ',
  q: 'ʠ',
  r: 'ʀ ȓ ɍ ɾ ř ṛ ɽ ȑ ṙ ŗ ŕ ɼ ṟ',
  s: 'ṡ ș ŝ ꜱ ʂ š ś ṣ ş',
  t: 'ť ƫ ţ ṭ ṫ ț ŧ',
  u: 'ᴜ ų ŭ ū ű ǔ ȕ ư ù ů ʉ ú ȗ ü û ũ ụ',
  v: 'ᶌ ṿ ᴠ ⱴ ⱱ ṽ',
  w: 'ᴡ ẇ ẅ ẃ ẘ ẉ ⱳ ŵ ẁ',
  x: 'ẋ ẍ',
  y: 'ŷ ÿ ʏ ẏ ɏ ƴ ȳ ý ỿ ỵ',
  z: 'ž ƶ ẓ ẕ ⱬ ᴢ ż ź ʐ',
  ae: 'æ',
  oe: 'œ',
});

/**
 * dnstwist's `glyphs_idn_by_tld`: the letters each registry accepts in internationalised names;
 * an empty table means the registry takes none, so only ASCII look-alikes apply.
 */
export const IDN_GLYPHS_BY_SUFFIX: ReadonlyMap<string, GlyphTable> = new Map(
  (
    [
      [['ad', 'cz', 'sk', 'uk', 'co.uk', 'nl', 'edu', 'us'], {}],
      [['jp', 'co.jp', 'ad.jp', 'ne.jp'], {}],
      [['cn', 'com.cn', 'tw', 'com.tw', 'net.tw'], {}],
      [
        ['info'],
        {
          a: 'á ä å ą',
          c: 'ć č',
          e: 'é ė ę',
          i: 'í į',
          l: 'ł',
          n: 'ñ ń',
          o: 'ó ö ø ő',
          s: 'ś š',
          u: 'ú ü ū ű ų',
          z: 'ź ż ž',
          ae: 'æ',
        },
      ],
      [
        ['br', 'com.br'],
        {
          a: 'à á â ã',
          c: 'ç',
          e: 'é ê',
          i: 'í',
          o: 'ó ô õ',
          u: 'ú ü',
          y: 'ý ÿ',
        },
      ],
      [
        ['dk'],
        {
          a: 'ä å',
          e: 'é',
          o: 'ö ø',
          u: 'ü',
          ae: 'æ',
        },
      ],
      [
        ['eu', 'de', 'pl'],
        {
          a: 'á à ă â å ä ã ą ā',
          c: 'ć ĉ č ċ ç',
          d: 'ď đ',
          e: 'é è ĕ ê ě ë ė ę ē',
          g: 'ğ ĝ ġ ģ',
          h: 'ĥ ħ',
          i: 'í ì ĭ î ï ĩ į ī',
          j: 'ĵ',
          k: 'ķ ĸ',
          l: 'ĺ ľ ļ ł',
          n: 'ń ň ñ ņ',
          o: 'ó ò ŏ ô ö ő õ ø ō',
          r: 'ŕ ř ŗ',
          s: 'ś ŝ š ş',
          t: 'ť ţ ŧ',
          u: 'ú ù ŭ û ů ü ű ũ ų ū',
          w: 'ŵ',
          y: 'ý ŷ ÿ',
          z: 'ź ž ż',
          ae: 'æ',
          oe: 'œ',
        },
      ],
      [
        ['fi'],
        {
          '3': 'ʒ',
          a: 'á ä å â',
          c: 'č',
          d: 'đ',
          g: 'ǧ ǥ',
          k: 'ǩ',
          n: 'ŋ',
          o: 'õ ö',
          s: 'š',
          t: 'ŧ',
          z: 'ž',
        },
      ],
      [
        ['no'],
        {
          a: 'á à ä å',
          c: 'č ç',
          e: 'é è ê',
          i: 'ï',
          n: 'ŋ ń ñ',
          o: 'ó ò ô ö ø',
          s: 'š',
          t: 'ŧ',
          u: 'ü',
          z: 'ž',
          ae: 'æ',
        },
      ],
      [
        ['be', 'fr', 're', 'yt', 'pm', 'wf', 'tf', 'ch', 'li'],
        {
          a: 'à á â ã ä å',
          c: 'ç',
          e: 'è é ê ë',
          i: 'ì í î ï',
          n: 'ñ',
          o: 'ò ó ô õ ö',
          u: 'ù ú û ü',
          y: 'ý ÿ',
          ae: 'æ',
          oe: 'œ',
        },
      ],
      [
        ['ca'],
        {
          a: 'à â',
          c: 'ç',
          e: 'è é ê ë',
          i: 'î ï',
          o: 'ô',
          u: 'ù û ü',
          y: 'ÿ',
          ae: 'æ',
          oe: 'œ',
        },
      ],
    ] as const
  ).flatMap(([suffixes, table]) => suffixes.map((suffix) => [suffix, glyphTable(table)] as const)),
);

/** dnstwist's `latin_to_cyrillic`. */
// prettier-ignore
export const CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а', b: 'ь', c: 'с', d: 'ԁ', e: 'е', g: 'ԍ', h: 'һ', i: 'і', j: 'ј', k: 'к', l: 'ӏ', m: 'м', o: 'о', p: 'р',
  q: 'ԛ', s: 'ѕ', t: 'т', v: 'ѵ', w: 'ԝ', x: 'х', y: 'у',
};

/**
 * Each non-ASCII look-alike the generator uses, mapped back to the letters it imitates (`ɑ` to
 * `a`, Cyrillic `р` to `p`, `æ` to `ae`): `skeleton` folds them, so the reverse check sees
 * through every Unicode homoglyph the generator makes. ASCII swaps (`1` for `l`, `rn` for `m`)
 * are left to the confusables table and to edit distance.
 */
export const GLYPH_LETTERS: ReadonlyMap<string, string> = (() => {
  const letters = new Map<string, string>();
  const tables = [UNICODE_GLYPHS, ...IDN_GLYPHS_BY_SUFFIX.values()];
  for (const table of tables) {
    for (const [letter, glyphs] of table) {
      for (const glyph of glyphs) if (!letters.has(glyph) && /[^ -~]/.test(glyph)) letters.set(glyph, letter);
    }
  }
  for (const [letter, twin] of Object.entries(CYRILLIC)) if (!letters.has(twin)) letters.set(twin, letter);
  return letters;
})();

// dnstwist's filters for `--dictionary` and `--tld` files: comment lines and odd entries drop out.
const WORD_LINE = /^(?:xn--[a-z0-9-]{3,59}|[a-z0-9-]{1,63})$/;
const TLD_LINE = /^[a-z0-9-]{2,63}(?:\.[a-z0-9-]{2,63})?$/;

/** The words of a dictionary file, read as dnstwist reads `--dictionary FILE`. */
export function parseWordList(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/\r?\n/))].filter((line) => WORD_LINE.test(line));
}

/** The suffixes of a TLD file, read as dnstwist reads `--tld FILE`. */
export function parseTldList(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/\r?\n/))].filter((line) => TLD_LINE.test(line));
}

const bundled = (file: string): string => readFileSync(new URL(`data/dnstwist/${file}`, import.meta.url), 'utf8');

/** dnstwist's `dictionaries/english.dict`: words its dictionary family joins to a name. */
export const DICTIONARY_WORDS: readonly string[] = parseWordList(bundled('english.dict'));
/** dnstwist's `dictionaries/common_tlds.dict`: suffixes its tld-swap family puts a name under. */
export const SWAP_TLDS: readonly string[] = parseTldList(bundled('common_tlds.dict'));
