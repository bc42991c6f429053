import { describe, expect, it } from 'vitest';
import { type Concept, LANGUAGES, languagesOf, lexiconPattern, wordsOf } from './lexicon.ts';

/** One sentence per language for each concept page checks rely on, as pages in that language write it. */
const SAMPLES: Record<'recoveryPhrase' | 'pretext' | 'urgency' | 'scanCode', Record<(typeof LANGUAGES)[number], string>> = {
  recoveryPhrase: {
    en: 'Enter your 12 or 24 word secret recovery phrase',
    de: 'Geben Sie Ihre Wiederherstellungsphrase ein',
    fr: 'Saisissez votre phrase de récupération',
    it: 'Inserisci la tua frase di recupero',
    es: 'Introduce tu frase de recuperación',
    nl: 'Voer uw herstelzin in',
    pt: 'Introduza a sua frase de recuperação',
  },
  pretext: {
    en: 'Your account has been suspended',
    de: 'Ihr Konto wurde gesperrt',
    fr: 'Votre compte a été suspendu',
    it: 'Il tuo conto è stato sospeso',
    es: 'Su cuenta ha sido suspendida',
    nl: 'Uw account is geblokkeerd',
    pt: 'A sua conta foi suspensa',
  },
  urgency: {
    en: 'Pay within 24 hours',
    de: 'Bitte innerhalb von 48 Stunden bezahlen',
    fr: 'Réglez sous 48h',
    it: 'Paga entro 24 ore',
    es: 'Pague en las próximas 48 horas',
    nl: 'Betaal binnen 24 uur',
    pt: 'Pague nas próximas 24 horas',
  },
  scanCode: {
    en: 'Scan the QR code with your phone',
    de: 'Scannen Sie den QR-Code',
    fr: 'Scannez le QR code',
    it: 'Scansiona il QR code',
    es: 'Escanee el código con su móvil',
    nl: 'Scan de QR-code',
    pt: 'Digitalize o código com o telemóvel',
  },
};

describe('page lexicon', () => {
  it('has wording in every language we sell in for every concept', () => {
    const concepts: Concept[] = [
      'recoveryPhrase',
      'urgency',
      'pretext',
      'scanCode',
      'shop',
      'discount',
      'pay',
      'only',
      'crypto',
      'prepayment',
      'legal',
      'signIn',
      'oneTimeCode',
    ];
    for (const concept of concepts)
      for (const language of LANGUAGES) expect(wordsOf(concept, language).length, `${concept}/${language}`).toBeGreaterThan(0);
  });

  it.each(Object.entries(SAMPLES))('finds %s in each language and names the language', (concept, sentences) => {
    for (const [language, sentence] of Object.entries(sentences)) {
      expect(lexiconPattern(concept as Concept).test(sentence), `${language}: ${sentence}`).toBe(true);
      expect(languagesOf(concept as Concept, sentence), sentence).toContain(language);
    }
  });

  it('matches whole words only', () => {
    expect(lexiconPattern('recoveryPhrase').test('Our wallets support 24 words phrases')).toBe(true);
    expect(lexiconPattern('shop').test('The panierement of the file')).toBe(false);
    expect(lexiconPattern('urgency').test('We reply immediately-ish')).toBe(true);
    expect(lexiconPattern('pretext').test('The hike was suspended because of snow')).toBe(false);
  });
});
