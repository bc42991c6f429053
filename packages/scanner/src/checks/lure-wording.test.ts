import { describe, expect, it } from 'vitest';
import { parsePage } from '../page/page-facts.ts';
import { urlFacts } from '../url/url-facts.ts';
import { createVerdictEngine } from '../verdict/index.ts';
import { lureFinding, qrLureFinding } from './lure-wording.ts';

const page = (body: string, title = '', url = 'https://pay.example/') =>
  parsePage(`<html><head><title>${title}</title></head><body>${body}</body></html>`, url);
const PAGE_URL = urlFacts('https://pay.example/');
const CARD = '<form><input name="cardnumber"><input name="exp"><input name="cvv"></form>';

/** Lures as kits write them in each language we sell in: pretext, deadline, a form. */
const LURES: [language: string, html: string][] = [
  ['en', '<h1>Unpaid toll</h1><p>Pay within 24 hours to avoid a late fee.</p>'],
  ['de', '<h1>Ihr Paket wird zurückgehalten</h1><p>Bitte bezahlen Sie die Zollgebühr innerhalb von 48 Stunden.</p>'],
  ['fr', '<h1>Votre colis est en attente</h1><p>Réglez les frais de livraison sous 48h.</p>'],
  ['it', '<h1>Pedaggio non pagato</h1><p>Paga entro 24 ore per evitare sanzioni.</p>'],
  ['es', '<h1>Su paquete está retenido</h1><p>Abone las tasas de aduana en las próximas 48 horas.</p>'],
  ['nl', '<h1>Onbetaalde tolheffing</h1><p>Betaal binnen 24 uur om extra kosten te voorkomen.</p>'],
  ['pt', '<h1>Portagens em atraso</h1><p>Pague nas próximas 24 horas para evitar coimas.</p>'],
];

describe('lure wording', () => {
  it.each(LURES)('finds the pretext and deadline of a %s lure that asks for a card', (_language, html) => {
    const found = lureFinding(page(`${html}${CARD}`), PAGE_URL);
    expect(found?.risk_score).toBe(80);
    expect(found?.message).toMatch(/card details/);
  });

  it.each(LURES)('keeps the same %s wording weak when the page asks for nothing', (_language, html) => {
    expect(lureFinding(page(html), PAGE_URL)?.risk_score ?? 0).toBeLessThanOrEqual(20);
  });

  it('leaves an honest bank login that warns about phishing alone', () => {
    const honest =
      '<h1>Sign in</h1><p>We never ask for your password by e-mail.</p><form><input name="user"><input type="password" name="pw"></form>';
    expect(lureFinding(page(honest), PAGE_URL)).toBeUndefined();
  });

  it("reads a brand's notice on its own domain as the brand's own, not on another host or a host anyone publishes on", () => {
    const notice = '<p>For your protection, please verify your identity.</p><form><input name="email"><input type="password"></form>';
    const at = (url: string) => lureFinding(page(notice, 'Adobe ID', url), urlFacts(url))?.risk_score ?? 0;
    expect(at('https://account.adobe.com/login')).toBeLessThanOrEqual(10);
    expect(at('https://adobe-id-check.com/login')).toBeGreaterThanOrEqual(70);
    expect(at('https://account-check.example/login')).toBeGreaterThanOrEqual(70);
  });

  it("reads an organisation's own notice on its own domain as its own, but not the same notice under a brand it does not own", () => {
    const notice =
      '<p>Mailbox over quota? Manage storage in your control panel.</p><form><input name="_user"><input name="_pass" type="password"></form><footer>Tallowmere Hosting Ltd, Shrewsbury</footer>';
    const at = (title: string, url: string) => lureFinding(page(notice, title, url), urlFacts(url))?.risk_score ?? 0;
    expect(at('Tallowmere Hosting Webmail', 'https://webmail.tallowmere-hosting.co.uk/')).toBeLessThanOrEqual(10);
    expect(at('Tallowmere Hosting Webmail', 'https://webmail-quota-check.com/')).toBeGreaterThanOrEqual(70);
    expect(at('Microsoft Outlook Web App', 'https://webmail.tallowmere-hosting.co.uk/')).toBeGreaterThanOrEqual(70);
    // A kit titled with its host's own lure words names its host, but signs as no company.
    const kit = '<p>Potrebno je potvrditi vaše podatke u roku od 24 sata.</p><form><input type="password" name="p"></form>';
    const url = 'https://sigurnosna-provjera-racuna.com/';
    expect(lureFinding(page(kit, 'Sigurnosna provjera računa', url), urlFacts(url))?.risk_score).toBeGreaterThanOrEqual(70);
  });

  it("reads a Thai accountant's tax-refund guide as its own notice when its footer signs by its kind, not without (decisions 593, 594)", () => {
    const guide = (footer: string) =>
      `<h1>วิธียื่นภาษีออนไลน์</h1><p>หากมีเงินคืนภาษี กรมสรรพากรจะโอนผ่านพร้อมเพย์ ${'ตรวจสอบเงินได้และค่าลดหย่อนที่ระบบดึงมาให้ '.repeat(12)}</p>` +
      `<form><input name="email"><input name="password" type="password"><button>เข้าสู่ระบบ</button></form><footer>${footer}</footer>`;
    const url = 'https://siriphan-account.co.th/knowledge/efiling/';
    const at = (footer: string) => lureFinding(page(guide(footer), 'วิธียื่นภาษีออนไลน์ | สำนักงานบัญชีศิริพันธ์', url), urlFacts(url))?.risk_score;
    expect(at('สำนักงานบัญชีศิริพันธ์ · 112/4 ถนนนิมมานเหมินท์ เชียงใหม่')).toBe(10);
    expect(at('112/4 ถนนนิมมานเหมินท์ เชียงใหม่ · โทร 053-216-447')).toBe(70);
  });
});

describe('QR lures', () => {
  const engine = createVerdictEngine();
  const judge = (url: string) => {
    const verdict = engine.verdict(url);
    return 'error' in verdict ? null : verdict;
  };
  const final = urlFacts('https://secure-mfa.example/');
  const mfa = page('<h1>Re-enrol your MFA</h1><p>Scan the QR code with your phone to keep access.</p><img src="qr.png">');

  it('flags a page whose main content is a QR code leading elsewhere, with the verdict of that address', () => {
    const found = qrLureFinding(mfa, final, ['https://login-m365-verify.top/enroll'], judge);
    expect(found?.risk_score).toBeGreaterThanOrEqual(80);
    expect(found?.message).toMatch(/login-m365-verify\.top/);
    expect(found?.message).toMatch(/URL verdict for that address is \d+/);
  });

  it('ignores codes for the site itself, authenticator secrets and QR codes beside a full page', () => {
    expect(qrLureFinding(mfa, final, ['https://secure-mfa.example/app'], judge)).toBeUndefined();
    expect(qrLureFinding(mfa, final, ['otpauth://totp/Acme:ann?secret=JBSWY3DPEHPK3PXP'], judge)).toBeUndefined();
    const article = page(`<h1>Our app</h1><p>${'We publish recipes every week. '.repeat(40)}</p><img src="qr.png">`);
    expect(qrLureFinding(article, final, ['https://apps.apple.com/app/id1'], judge)?.risk_score).toBeLessThanOrEqual(10);
  });

  it('flags a code it cannot read when the page tells you to scan it under a threat and a deadline, in any language', () => {
    const finnish = page(
      '<h1>Monivaiheisen todennuksen uudelleenrekisteröinti</h1><p>Skannaa viereinen QR-koodi.</p><p>Määräaika: 30.11. Rekisteröimättömät tilit lukitaan.</p><svg id="q"></svg>',
    );
    expect(qrLureFinding(finnish, final, [], judge)?.risk_score).toBe(65);
    // Without the deadline, a re-enrolment page is what an organisation's own IT department shows.
    expect(qrLureFinding(mfa, final, [], judge)).toBeUndefined();
  });

  it.each([
    [
      'pl',
      '<h1>Wymagana ponowna rejestracja uwierzytelniania wieloskładnikowego</h1><p>Zeskanuj poniższy kod QR do 30 listopada.</p><canvas></canvas>',
    ],
    [
      'tr',
      '<h1>İki faktörlü doğrulama için yeniden kayıt gerekli</h1><p>QR kodunu telefonunuzla okutun, 24 saat içinde.</p><canvas></canvas>',
    ],
    [
      'ja',
      '<h1>多要素認証の再登録のお願い</h1><p>スマートフォンで下のQRコードを読み取ってください。24時間以内にお手続きください。</p><canvas></canvas>',
    ],
  ])('flags an unreadable re-enrolment code in %s, told to scan it under a deadline', (_language, html) => {
    expect(qrLureFinding(page(html), final, [], judge)?.risk_score).toBe(65);
  });

  it('reads the words a page draws in its pictures as what it tells the reader (nl, re-linking an app by a date)', () => {
    const drawnOnly = page('<img src="https://secure-mfa.example/banner.svg"><canvas></canvas>');
    expect(qrLureFinding(drawnOnly, final, [], judge)).toBeUndefined();
    drawnOnly.images[0]!.drawn = [
      'Uw Rabo Scanner moet opnieuw gekoppeld worden',
      'Open de app en scan de QR-code hieronder.',
      'Zonder koppeling vóór 1 december wordt uw toegang geblokkeerd.',
    ];
    expect(qrLureFinding(drawnOnly, final, [], judge)?.risk_score).toBe(65);
  });
});

describe('a QR lure titled with its own host words', () => {
  const lure = (title: string, url: string) =>
    page(
      '<h1>Uw Rabo Scanner moet opnieuw gekoppeld worden</h1><p>Open de app en scan de QR-code hieronder.</p><p>Zonder koppeling vóór 1 december wordt uw toegang geblokkeerd.</p><canvas></canvas>',
      title,
      url,
    );

  it('is not cleared by a title that repeats a host made of the lure\u2019s own words (nl)', () => {
    const url = 'https://scanner-koppelen.example/';
    expect(qrLureFinding(lure('Scanner koppelen', url), urlFacts(url), [], () => null)?.risk_score).toBe(65);
  });

  it('is still an organisation\u2019s own notice when its title names the organisation its host names', () => {
    const url = 'https://zorggroep-noorderhaven.example/';
    expect(qrLureFinding(lure('Zorggroep Noorderhaven', url), urlFacts(url), [], () => null)).toBeUndefined();
  });
});

describe('lure wording in the languages added for blind set 4', () => {
  it.each([
    [
      'hr',
      '<h1>Obavijest</h1><p>Potrebno je potvrditi vaše podatke u roku od 24 sata.</p>',
      '<form><label>Lozinka</label><input type="password" name="p"></form>',
    ],
    ['bg', '<h1>Неплатена сметка</h1><p>Платете незабавно.</p>', CARD],
    ['sk', '<h1>Váš účet bol zablokovaný</h1><p>Overte svoju totožnosť do 24 hodín.</p>', '<form><input type="password" name="p"></form>'],
  ])('reads a %s pretext and deadline beside a form', (_language, html, form) => {
    expect(lureFinding(page(`${html}${form}`), PAGE_URL)?.risk_score).toBe(80);
  });
});
