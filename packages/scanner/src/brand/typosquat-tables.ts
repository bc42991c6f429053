/**
 * The tables behind the look-alike generator, following dnstwist's: keyboard neighbours for the
 * qwerty, qwertz and azerty layouts, look-alike glyphs, Latin letters with a Cyrillic twin, and
 * the words and top-level domains that phishing registrations combine with a brand.
 */
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

/** Look-alike glyphs within ASCII. */
// prettier-ignore
export const ASCII_GLYPHS: Readonly<Record<string, readonly string[]>> = {
  '0': ['o'], '1': ['l', 'i'], '3': ['8'], '6': ['9'], '8': ['3'], '9': ['6'],
  b: ['d', 'lb'], c: ['e'], d: ['b', 'cl', 'dl'], e: ['c'], g: ['q'], h: ['lh'], i: ['1', 'l'],
  k: ['lk', 'ik', 'lc'], l: ['1', 'i'], m: ['n', 'nn', 'rn', 'rr'], n: ['m', 'r'], o: ['0'], q: ['g'], u: ['v'], v: ['u'], w: ['vv'],
};

export const UNICODE_GLYPHS: Readonly<Record<string, readonly string[]>> = {
  a: ['à', 'á', 'â', 'ã', 'ä', 'å', 'ɑ', 'ạ', 'ǎ', 'ă', 'ȧ', 'ą', 'ə'],
  b: ['ʙ', 'ɓ', 'ḃ', 'ḅ', 'ḇ', 'ƅ'],
  c: ['ƈ', 'ċ', 'ć', 'ç', 'č', 'ĉ', 'ᴄ'],
  d: ['ɗ', 'đ', 'ď', 'ɖ', 'ḑ', 'ḋ', 'ḍ', 'ḏ', 'ḓ'],
  e: ['é', 'è', 'ê', 'ë', 'ē', 'ĕ', 'ě', 'ė', 'ẹ', 'ę', 'ȩ', 'ɇ', 'ḛ'],
  f: ['ƒ', 'ḟ'],
  g: ['ɢ', 'ɡ', 'ġ', 'ğ', 'ǵ', 'ģ', 'ĝ', 'ǧ', 'ǥ'],
  h: ['ĥ', 'ȟ', 'ħ', 'ɦ', 'ḧ', 'ḩ', 'ⱨ', 'ḣ', 'ḥ', 'ḫ', 'ẖ'],
  i: ['í', 'ì', 'ï', 'ı', 'ɩ', 'ǐ', 'ĭ', 'ỉ', 'ị', 'ɨ', 'ȋ', 'ī', 'ɪ'],
  j: ['ʝ', 'ǰ', 'ɉ', 'ĵ'],
  k: ['ḳ', 'ḵ', 'ⱪ', 'ķ', 'ᴋ'],
  l: ['ɫ', 'ł'],
  m: ['ṁ', 'ṃ', 'ᴍ', 'ɱ', 'ḿ'],
  n: ['ń', 'ṅ', 'ṇ', 'ṉ', 'ñ', 'ņ', 'ǹ', 'ň', 'ꞑ'],
  o: ['ȯ', 'ọ', 'ỏ', 'ơ', 'ó', 'ö', 'ᴏ'],
  p: ['ƿ', 'ƥ', 'ṕ', 'ṗ'],
  q: ['ʠ'],
  r: ['ʀ', 'ɼ', 'ɽ', 'ŕ', 'ŗ', 'ř', 'ɍ', 'ɾ', 'ȓ', 'ȑ', 'ṙ', 'ṛ', 'ṟ'],
  s: ['ʂ', 'ś', 'ṣ', 'ṡ', 'ș', 'ŝ', 'š', 'ꜱ'],
  t: ['ţ', 'ŧ', 'ṫ', 'ṭ', 'ț', 'ƫ'],
  u: ['ᴜ', 'ǔ', 'ŭ', 'ü', 'ʉ', 'ù', 'ú', 'û', 'ũ', 'ū', 'ų', 'ư', 'ů', 'ű', 'ȕ', 'ȗ', 'ụ'],
  v: ['ṿ', 'ⱱ', 'ᶌ', 'ṽ', 'ⱴ', 'ᴠ'],
  w: ['ŵ', 'ẁ', 'ẃ', 'ẅ', 'ⱳ', 'ẇ', 'ẉ', 'ẘ', 'ᴡ'],
  x: ['ẋ', 'ẍ'],
  y: ['ʏ', 'ý', 'ÿ', 'ŷ', 'ƴ', 'ȳ', 'ɏ', 'ỿ', 'ẏ', 'ỵ'],
  z: ['ʐ', 'ż', 'ź', 'ᴢ', 'ƶ', 'ẓ', 'ẕ', 'ⱬ'],
};

// prettier-ignore
export const CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а', b: 'ь', c: 'с', d: 'ԁ', e: 'е', g: 'ԍ', h: 'һ', i: 'і', j: 'ј', k: 'к', l: 'ӏ', m: 'м', o: 'о', p: 'р',
  q: 'ԛ', s: 'ѕ', t: 'т', v: 'ѵ', w: 'ԝ', x: 'х', y: 'у',
};

// prettier-ignore
export const DICTIONARY_WORDS: readonly string[] = [
  'account', 'app', 'auth', 'bank', 'billing', 'check', 'confirm', 'customer', 'help', 'id', 'info', 'invoice', 'login',
  'mail', 'my', 'net', 'online', 'pay', 'payment', 'portal', 'recovery', 'refund', 'reset', 'secure', 'security',
  'service', 'signin', 'support', 'team', 'update', 'user', 'verify', 'wallet', 'web',
];

// prettier-ignore
export const SWAP_TLDS: readonly string[] = [
  'com', 'net', 'org', 'info', 'biz', 'co', 'io', 'ai', 'app', 'dev', 'me', 'us', 'uk', 'co.uk', 'de', 'fr', 'es', 'it', 'nl',
  'eu', 'ru', 'cn', 'in', 'br', 'jp', 'ca', 'au', 'cc', 'tv', 'ws', 'xyz', 'top', 'online', 'site', 'shop', 'store', 'live',
  'click', 'link', 'icu', 'vip', 'club', 'cloud', 'support', 'help', 'center', 'services', 'zip', 'mov', 'cm', 'om',
];
