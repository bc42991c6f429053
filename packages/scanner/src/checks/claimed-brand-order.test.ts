import { describe, expect, it } from 'vitest';
import { html, messageOf, runCheck } from '../testing/check-harness.ts';
import { pageContentCheck } from './page-content.ts';

describe('the order of the brands a page claims', () => {
  it('names first the brand whose wordmark and copyright line the page carries, then a sign-in method it names (da)', () => {
    const body = [
      '<div class="h"><svg viewBox="0 0 110 30"><text x="0" y="23">viaplay</text></svg></div>',
      '<h1>Din betaling blev afvist</h1>',
      '<form><input name="kort" placeholder="Kortnummer" autocomplete="cc-number"><input autocomplete="cc-exp" placeholder="MM/ÅÅ"><input autocomplete="cc-csc" placeholder="CVC"></form>',
      '<h2>Godkend med MitID</h2><p>Indtast den 6-cifrede kode, din bank har sendt til dig.</p><input maxlength="6" inputmode="numeric">',
      '<p>© 2026 Viaplay Group · Kundeservice · Privatliv</p>',
    ].join('');
    const category = runCheck(pageContentCheck, {
      url: 'https://abonnement-fornyelse.com/konto/betaling',
      html: html(body, 'Opdater betaling'),
    });
    expect(messageOf(category, 'page_brand_impersonation')).toMatch(/presents itself as Viaplay, MitID /);
  });
});
