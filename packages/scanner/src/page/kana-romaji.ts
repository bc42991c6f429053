/**
 * Japanese kana written in Hepburn romaji ("ほしぞら" → "hoshizora", "ヤマト" → "yamato"), so that a
 * page naming its organisation in kana can be compared with the romanised words of its domain.
 * Kanji and other scripts pass through unchanged; long-vowel marks are dropped.
 */
const SYLLABLES =
  'あa いi うu えe おo かka きki くku けke こko さsa しshi すsu せse そso たta ちchi つtsu てte とto なna にni ぬnu ねne のno ' +
  'はha ひhi ふfu へhe ほho まma みmi むmu めme もmo やya ゆyu よyo らra りri るru れre ろro わwa をo んn ' +
  'がga ぎgi ぐgu げge ごgo ざza じji ずzu ぜze ぞzo だda ぢji づzu でde どdo ばba びbi ぶbu べbe ぼbo ぱpa ぴpi ぷpu ぺpe ぽpo ' +
  'ぁa ぃi ぅu ぇe ぉo ゔvu';
const SMALL_Y: Record<string, string> = { ゃ: 'ya', ゅ: 'yu', ょ: 'yo' };

const TABLE = new Map<string, string>();
for (const entry of SYLLABLES.split(' ')) {
  const kana = entry[0]!;
  const romaji = entry.slice(1);
  TABLE.set(kana, romaji);
  // Katakana sits 0x60 above its hiragana.
  TABLE.set(String.fromCharCode(kana.charCodeAt(0) + 0x60), romaji);
}
const toHiragana = (char: string) => (char >= 'ァ' && char <= 'ヶ' ? String.fromCharCode(char.charCodeAt(0) - 0x60) : char);

export function kanaToRomaji(text: string): string {
  const chars = [...text].map(toHiragana);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const next = chars[i + 1];
    if (char === 'っ') {
      // A small tsu doubles the next consonant.
      const following = next ? TABLE.get(next) : undefined;
      if (following) out += following[0];
      continue;
    }
    if (char === 'ー') continue;
    const romaji = TABLE.get(char);
    if (romaji === undefined) {
      out += char;
      continue;
    }
    const small = next ? SMALL_Y[next] : undefined;
    if (small && romaji.endsWith('i') && romaji.length > 1) {
      // きょ → kyo, しゃ → sha, ちゅ → chu, じょ → jo.
      const stem = romaji.slice(0, -1);
      out += /(?:sh|ch|j)$/.test(stem) ? stem + small.slice(1) : stem + small;
      i++;
      continue;
    }
    out += romaji;
  }
  return out;
}
