/**
 * The part of IDNA 2008 (as Python's `idna` package applies it for dnstwist) that a generated
 * label needs: hyphen rules, lengths and Punycode. Characters come from the look-alike tables, a
 * keyboard or the input name, all valid already, so code points are not re-checked here.
 */

const MAX_LABEL = 63;
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const DIGITS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const HYPHEN = 45;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

const XN = [120, 110, 45, 45];
const DIGIT_CODES = Uint16Array.from(DIGITS, (char) => char.charCodeAt(0));
// Look-alike labels are encoded by the ten thousand: the output is written as character codes
// and made a string once, instead of growing a string a character at a time.
let out = new Uint16Array(256);

/** `xn--` and the RFC 3492 Punycode of the first `length` code points. */
export function punycode(codePoints: ArrayLike<number>, length = codePoints.length): string {
  if (out.length < length * 8 + 8) out = new Uint16Array(length * 8 + 8);
  let size = 0;
  for (const code of XN) out[size++] = code;
  for (let i = 0; i < length; i++) {
    const code = codePoints[i] as number;
    if (code < 128) out[size++] = code;
  }
  const basic = size - XN.length;
  let handled = basic;
  if (basic > 0) out[size++] = HYPHEN;
  let n = 128;
  let delta = 0;
  let bias = 72;
  while (handled < length) {
    let next = Number.MAX_SAFE_INTEGER;
    for (let i = 0; i < length; i++) {
      const code = codePoints[i] as number;
      if (code >= n && code < next) next = code;
    }
    delta += (next - n) * (handled + 1);
    n = next;
    for (let i = 0; i < length; i++) {
      const code = codePoints[i] as number;
      if (code < n) delta++;
      if (code !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
        if (q < t) break;
        out[size++] = DIGIT_CODES[t + ((q - t) % (BASE - t))] as number;
        q = Math.floor((q - t) / (BASE - t));
      }
      out[size++] = DIGIT_CODES[q] as number;
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return String.fromCharCode.apply(null, out.subarray(0, size) as unknown as number[]);
}

const isLdh = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === HYPHEN;

/**
 * The ASCII form of the label held in the first `length` UTF-16 code units of `codes`, or null
 * when IDNA refuses it: empty, too long, a hyphen at either end or in the third and fourth places
 * (reserved for `xn--`), or ASCII outside letters, digits and hyphen. `restore` maps the
 * private-use stand-ins of astral code points back (see the generator). `codes` may be changed.
 */
export function asciiLabelOf(codes: Int32Array, length: number, restore: readonly number[] | null): string | null {
  if (length === 0) return null;
  if (codes[0] === HYPHEN || codes[length - 1] === HYPHEN) return null;
  // A real `xn--` label would be decoded and checked by IDNA; generated ones are never real.
  if (length > 3 && codes[2] === HYPHEN && codes[3] === HYPHEN) return null;
  let ascii = true;
  for (let i = 0; i < length; i++) {
    const code = codes[i] as number;
    if (code >= 128) ascii = false;
    else if (!isLdh(code)) return null;
  }
  if (ascii) return length > MAX_LABEL ? null : String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[]);
  if (restore !== null) {
    for (let i = 0; i < length; i++) {
      const code = codes[i] as number;
      if (code >= PRIVATE_USE && code < PRIVATE_USE + restore.length) codes[i] = restore[code - PRIVATE_USE] as number;
    }
  }
  const encoded = punycode(codes, length);
  return encoded.length > MAX_LABEL ? null : encoded;
}

let scratch = new Int32Array(64);

/** `asciiLabelOf` for a label in a string. */
export function asciiLabel(label: string, restore: readonly number[] | null): string | null {
  const length = label.length;
  if (scratch.length < length) scratch = new Int32Array(length * 2);
  let ascii = true;
  for (let i = 0; i < length; i++) {
    const code = label.charCodeAt(i);
    scratch[i] = code;
    if (code >= 128) ascii = false;
  }
  const encoded = asciiLabelOf(scratch, length, restore);
  // Spare a copy: an ASCII label that passes is its own ASCII form.
  return ascii && encoded !== null ? label : encoded;
}

/** Astral code points (outside the BMP) are fuzzed as one stand-in character each from here on. */
export const PRIVATE_USE = 0xe000;
