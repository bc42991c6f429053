import { describe, expect, it } from 'vitest';
import { consonantSkeleton, latinReading, writesAbjad, writesOtherScript } from './latin-reading.ts';

describe('a name in another script read in Latin letters', () => {
  it('reads Han, Cyrillic, Thai, Hangul and kana as the Latin words a domain uses', () => {
    expect(latinReading('山嵐茶行').toLowerCase()).toContain('shanlan');
    expect(latinReading('Зала «Львівська»').replace(/'/g, '').toLowerCase()).toContain('lvivska');
    expect(latinReading('สำนักงานบัญชีศิริพันธ์')).toContain('siriphan');
    expect(latinReading('달빛도예').toLowerCase()).toContain('dal');
    expect(latinReading('ほしぞらサーバー')).toContain('hoshizora');
  });

  it('knows which texts write another script, and which an abjad', () => {
    expect(writesOtherScript('Pivovar Zlatý klas')).toBe(false);
    expect(writesOtherScript('結帳 | 山嵐茶行')).toBe(true);
    expect(writesAbjad('عود النخيل')).toBe(true);
    expect(writesAbjad('סבון הגליל')).toBe(true);
    expect(writesAbjad('Зала')).toBe(false);
  });

  it('compares abjad names by their consonants, as the domain spells them with vowels', () => {
    expect(consonantSkeleton(latinReading('عود النخيل'))).toBe(consonantSkeleton('oudalnakheel'));
    expect(consonantSkeleton(latinReading('סבון הגליל'))).toBe(consonantSkeleton('sabonhagalil'));
    expect(consonantSkeleton(latinReading('مسرح القصبة'))).not.toBe(consonantSkeleton('oudalnakheel'));
  });
});
