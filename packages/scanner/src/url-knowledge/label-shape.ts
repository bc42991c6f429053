/** Shannon entropy of a name in bits per character (0 for an empty one). */
export function entropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/**
 * Generated names (DGA, throwaway kits) have almost no vowels or interleave digits with letters;
 * chosen names, even unusual ones like "bergstrom", read as syllables.
 */
export function looksRandom(label: string): boolean {
  if (label.length < 8) return false;
  const letters = label.replace(/[^a-z]/g, '');
  const vowels = (letters.match(/[aeiouy]/g) ?? []).length;
  const digitRuns = (label.match(/\d+/g) ?? []).length;
  const interleaved = digitRuns >= 3 && /[a-z]\d|\d[a-z]/.test(label);
  return entropy(label) > 3 && ((letters.length >= 8 && vowels / letters.length < 0.15) || interleaved);
}
