import { describe, expect, it } from 'vitest';
import { skeleton } from './skeleton.ts';

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

  it('keeps different names apart', () => {
    expect(skeleton('paypal')).not.toBe(skeleton('paypol'));
    expect(skeleton('amazon')).not.toBe(skeleton('amazin'));
  });
});
