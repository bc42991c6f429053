import { describe, expect, it } from 'vitest';
import { domainToUnicode } from 'node:url';
import { generateLookalikes } from './generate-lookalikes.ts';
import { skeleton } from './skeleton.ts';
import { CYRILLIC, IDN_GLYPHS_BY_SUFFIX, UNICODE_GLYPHS } from './typosquat-tables.ts';

describe('skeleton', () => {
  it('folds confusable characters from the Unicode table to one form', () => {
    expect(skeleton('pаypal')).toBe(skeleton('paypal')); // Cyrillic а
    expect(skeleton('paypa1')).toBe(skeleton('paypal'));
    expect(skeleton('rnicrosoft')).toBe(skeleton('microsoft'));
    expect(skeleton('g00gle')).toBe(skeleton('google'));
  });

  it('drops diacritics, which a browser shows too small to notice', () => {
    expect(skeleton('páypàl')).toBe(skeleton('paypal'));
  });

  it("folds every Unicode look-alike of the generator's tables to the letter it imitates", () => {
    for (const table of [UNICODE_GLYPHS, ...IDN_GLYPHS_BY_SUFFIX.values()]) {
      for (const [letter, glyphs] of table) {
        for (const glyph of glyphs.filter((candidate) => /[^ -~]/.test(candidate)))
          expect(skeleton(`x${glyph}x`), glyph).toBe(skeleton(`x${letter}x`));
      }
    }
    for (const [letter, twin] of Object.entries(CYRILLIC)) expect(skeleton(twin)).toBe(skeleton(letter));
  });

  it('sees through every Unicode-only homoglyph the generator makes of a name', () => {
    // Names where each changed letter became one of its own Unicode glyphs (not `e` to `c` to `č`).
    const original = 'wellsfargo';
    const ownGlyph = (char: string, index: number) =>
      char === original[index] || UNICODE_GLYPHS.get(original[index] ?? '')?.includes(char) || CYRILLIC[original[index] ?? ''] === char;
    const unicodeOnly = [...generateLookalikes(`${original}.com`, { families: ['homoglyph', 'cyrillic'] })]
      .map((item) => domainToUnicode(item.domain).split('.')[0] ?? '')
      .filter((label) => label.length === original.length && [...label].every(ownGlyph));
    expect(unicodeOnly.length).toBeGreaterThan(1000);
    for (const label of unicodeOnly) expect(skeleton(label), label).toBe(skeleton('wellsfargo'));
  });

  it('keeps different names apart', () => {
    expect(skeleton('paypal')).not.toBe(skeleton('paypol'));
    expect(skeleton('amazon')).not.toBe(skeleton('amazin'));
  });
});
