import { describe, expect, it } from 'vitest';
import { html, runCheck, scoreOf } from '../testing/check-harness.ts';
import { pageContentCheck } from './page-content.ts';

const impersonation = (url: string, body: string, title: string) =>
  scoreOf(runCheck(pageContentCheck, { url, html: html(body, title) }), 'page_brand_impersonation');

const PARCEL_FEE =
  '<h2>Suivi de votre colis</h2><p>Livraison impossible : frais de réexpédition de 1,99 € non réglés. Votre colis sera retourné sous 48 h.</p>';

describe('a brand\u2019s fee to pay one click away (decision 659)', () => {
  it('is asked by a page presenting a brand that is not the site\u2019s, with a pretext and a button or link to pay an amount', () => {
    expect(
      impersonation(
        'https://suivi-colis-24.live/colis/',
        `${PARCEL_FEE}<a href="/paiement/">Payer 1,99 € et reprogrammer</a>`,
        'Colissimo – Suivi',
      ),
    ).toBeGreaterThanOrEqual(80);
    const swedish =
      '<h2>Ditt paket väntar</h2><p>Ditt paket kunde inte levereras. En tullavgift på 29 kr måste betalas innan leverans.</p><button>Betala 29 kr</button>';
    expect(impersonation('https://spara-paket.com/se/', swedish, 'PostNord – Spåra försändelse')).toBeGreaterThanOrEqual(80);
  });

  it('is not asked without a pretext, without an amount, or on the brand\u2019s own domain', () => {
    const tracking = '<h2>Suivi de votre colis</h2><p>Votre colis est en cours de livraison.</p><a href="/paiement/">Payer 1,99 €</a>';
    expect(impersonation('https://suivi-colis-24.live/colis/', tracking, 'Colissimo – Suivi')).toBeLessThan(80);
    expect(
      impersonation('https://suivi-colis-24.live/colis/', `${PARCEL_FEE}<a href="/paiement/">Payer les frais</a>`, 'Colissimo – Suivi'),
    ).toBeLessThan(80);
    expect(
      impersonation('https://www.colissimo.fr/colis/', `${PARCEL_FEE}<a href="/paiement/">Payer 1,99 €</a>`, 'Colissimo – Suivi'),
    ).toBe(0);
  });
});
