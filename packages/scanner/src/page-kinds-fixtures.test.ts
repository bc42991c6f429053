import { describe, expect, it } from 'vitest';
import { urlVerdictOf } from './checks/url-verdicts.ts';
import { fixtureScans } from './testing/fixture-scans.ts';

/**
 * The page kinds issue 36 found passing at the floor, in several languages each: every kit must
 * reach its own detector's score (not only the address's), and the honest pages of small
 * organisations must stay Good. Static scans for the detectors; Chromium for what only a browser
 * shows (frames, CSS-masked password fields).
 */
const KITS: readonly [host: string, detail: string, minimum: number, language: string][] = [
  ['smbc-direct-login.top', 'page_brand_impersonation', 90, 'ja'],
  ['ziraat-internet-subesi.com', 'page_lure', 70, 'tr'],
  ['mbank-logowanie-pl.com', 'page_brand_impersonation', 90, 'pl'],
  ['impots-remboursement-fr.com', 'page_brand_impersonation', 90, 'fr'],
  ['nexi-verifica-3dsecure.com', 'page_brand_impersonation', 90, 'it'],
  ['bbva-acceso-clientes.net', 'page_lure', 70, 'es'],
  ['belasting-teruggave-nl.com', 'page_brand_impersonation', 90, 'nl'],
  ['nubank-acesso-seguro.com', 'page_brand_impersonation', 90, 'pt'],
  ['paypal-konto-hilfe.com', 'page_brand_impersonation', 90, 'de'],
  ['metamask-wallet-recovery.app', 'page_brand_impersonation', 85, 'en'],
  ['phantom-portfel-odzyskaj.app', 'page_brand_impersonation', 85, 'pl'],
  ['uniswap-airdrop-claim.live', 'page_wallet_connect', 85, 'en'],
  ['uniswap-belohnung.site', 'page_wallet_connect', 85, 'de'],
  ['uniswap-recompense.site', 'page_wallet_connect', 85, 'fr'],
  ['uniswap-recompensa.site', 'page_wallet_connect', 85, 'es'],
  ['uniswap-airdrop-jp.site', 'page_wallet_connect', 85, 'ja'],
  ['teams-meeting-join.info', 'page_device_code', 85, 'en'],
  ['dokumente-freigabe-login.com', 'page_device_code', 85, 'de'],
  ['partage-reunion-code.com', 'page_device_code', 85, 'fr'],
  ['condivisione-file-accesso.com', 'page_device_code', 85, 'it'],
  ['reunion-compartida-acceso.com', 'page_device_code', 85, 'es'],
  // Consent to an app with mail and file scopes: a link on a brand's dress, a script-opened address built from pieces.
  ['shared-invoice-access.com', 'page_app_consent', 85, 'en'],
  ['dokumentenfreigabe-zugriff.com', 'page_app_consent', 85, 'de'],
  ['secure-file-preview.online', 'page_document_viewer', 85, 'en'],
  ['freigabe-vorschau.online', 'page_document_viewer', 85, 'de'],
  ['apercu-fichier-partage.online', 'page_document_viewer', 85, 'fr'],
  ['anteprima-file-condiviso.online', 'page_document_viewer', 85, 'it'],
  ['gedeeld-bestand-bekijken.online', 'page_document_viewer', 85, 'nl'],
  ['visualizar-arquivo-partilhado.online', 'page_document_viewer', 85, 'pt'],
  ['gamer-tournament-signup.com', 'page_browser_in_browser', 85, 'en'],
  ['turnier-anmeldung-esports.com', 'page_browser_in_browser', 85, 'de'],
  ['inscription-tournoi-esport.com', 'page_browser_in_browser', 85, 'fr'],
  ['inscripcion-torneo-esports.com', 'page_browser_in_browser', 85, 'es'],
  ['zapisy-turniej-esport.com', 'page_browser_in_browser', 85, 'pl'],
  ['verifizierung-mensch.top', 'page_fake_captcha', 95, 'de'],
  ['verification-humaine.top', 'page_fake_captcha', 95, 'fr'],
  ['verificacion-humana.top', 'page_fake_captcha', 95, 'es'],
  ['verifica-umana.top', 'page_fake_captcha', 95, 'it'],
  ['insan-dogrulama.top', 'page_fake_captcha', 95, 'tr'],
  ['outlet-ayakkabi-indirim.shop', 'page_fake_shop', 60, 'tr'],
  ['wyprzedaz-butow-sklep.shop', 'page_fake_shop', 60, 'pl'],
  ['sneaker-outlet-jp.shop', 'page_fake_shop', 60, 'ja'],
  ['tenis-liquidacao-loja.shop', 'page_fake_shop', 60, 'pt'],
  ['sneaker-sale-india.shop', 'page_fake_shop', 60, 'en'],
  // Toll and road operators of East Asian markets, named only in their own script, on hosts that name no brand.
  ['doro-annae-center.com', 'page_brand_impersonation', 90, 'ko'],
  ['hk-tunnel-notice.com', 'page_brand_impersonation', 90, 'zh'],
  ['kosoku-riyou-kakunin.top', 'page_brand_impersonation', 90, 'ja'],
  ['doro-annae-center.com', 'page_lure', 80, 'ko'],
  ['hk-tunnel-notice.com', 'page_lure', 80, 'zh'],
  // A brand spelt with Cyrillic look-alikes, on a host made of sign-in words.
  ['sitzung-anmeldung-info.com', 'page_brand_impersonation', 90, 'de'],
  // Steep discounts under pressure (a countdown, "only 2 left", a closing-down story) with no one behind the shop.
  ['kurtki-zimowe-wyprzedaz.shop', 'page_fake_shop', 60, 'pl'],
  ['vinterjackor-rea.shop', 'page_fake_shop', 60, 'sv'],
  ['teli-kabat-akcio.shop', 'page_fake_shop', 60, 'hu'],
  // The brand only as the words of an inline SVG wordmark: a 3-D Secure code and PIN; a bank login written in by script once clicked.
  ['autorizar-compra-7.com', 'page_brand_impersonation', 90, 'pt'],
  ['paket-zustellung-31.com', 'page_brand_impersonation', 80, 'de'],
];
const HONEST = [
  'musikschule-wehntal.ch',
  'club-echecs-morges.ch',
  'cantina-sociale-valpolicella.it',
  'club-tenis-albaicin.es',
  'imkersvereniging-drenthe.nl',
  'biuro-rachunkowe-kowalczyk.pl',
  'moda-dis-klinigi.com.tr',
  'ryokan-yamabuki.jp',
  'biblioteca-municipal-tavira.pt',
  'lanyang-homestay.com.tw',
  'kaffeehaus-bruhn.de',
];
const DECEPTION = [
  'page_brand_impersonation',
  'page_lure',
  'page_wallet_connect',
  'page_device_code',
  'page_app_consent',
  'page_document_viewer',
  'page_browser_in_browser',
  'page_fake_shop',
  'threat_phishing_address',
  'threat_brand_impersonation',
];

const scanSite = fixtureScans();
const staticScan = (host: string) => scanSite(host, { rendered: false });

describe('page kinds in many languages (static scans)', { timeout: 30_000 }, () => {
  it.each(KITS)('%s: %s reaches %i (%s)', async (host, detail, minimum) => {
    const { site, result, details, classes } = await staticScan(host);
    expect(details.get(detail)?.risk_score, details.get(detail)?.message).toBeGreaterThanOrEqual(minimum);
    expect(details.get(detail)?.side).toBe('page');
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
    expect(classes).toContain(site.manifest.expectedClassification);
  });

  it.each(HONEST)('%s (a small organisation on its own domain) stays Good with no deception detail', async (host) => {
    const { result, details } = await staticScan(host);
    const fired = DECEPTION.filter((name) => (details.get(name)?.risk_score ?? 0) >= 20).map(
      (name) => `${name}: ${details.get(name)?.message}`,
    );
    expect(fired).toEqual([]);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('never rates a page that asks for another brand\u2019s secrets lower than the lookup rates its address', async () => {
    for (const host of ['smbc-direct-login.top', 'mbank-logowanie-pl.com', 'nubank-acesso-seguro.com', 'paypal-konto-hilfe.com']) {
      const { site, result, details } = await staticScan(host);
      const lookup = urlVerdictOf(site.entryUrl);
      if ('error' in lookup) throw new Error(lookup.error);
      expect(result.overall_risk, host).toBeGreaterThanOrEqual(lookup.risk_score);
      const address = [...details.values()].filter((detail) => detail.name.startsWith('threat_') && detail.risk_score > 0);
      expect(address.every((detail) => detail.side === 'url' || detail.side === 'domain')).toBe(true);
    }
  });

  it('never rates a fake shop lower than the lookup rates its address, even where its title repeats its host\u2019s words', async () => {
    for (const host of ['kurtki-zimowe-wyprzedaz.shop', 'teli-kabat-akcio.shop', 'vinterjackor-rea.shop']) {
      const { site, result, details } = await staticScan(host);
      const lookup = urlVerdictOf(site.entryUrl);
      if ('error' in lookup) throw new Error(lookup.error);
      expect(result.overall_risk, host).toBeGreaterThanOrEqual(lookup.risk_score);
      expect(details.get('threat_phishing_address')?.message, host).toMatch(/shop with the signs of a fake one/);
    }
  });

  it('lets an honest shop run a flash sale with a countdown and its imprint, below the flag', async () => {
    const { result, details } = await staticScan('bergsport-huber.de');
    expect(details.get('page_fake_shop')?.message).toMatch(/countdown/);
    expect(details.get('page_fake_shop')?.risk_score).toBeLessThan(40);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('judges the page that was submitted, not where a no-script refresh would send a browser without JavaScript', async () => {
    const { result, details } = await staticScan('paypal-konto-hilfe.com');
    expect(result.reachable).toBe(true);
    expect(result.final_url).toBe('https://paypal-konto-hilfe.com/anmelden');
    expect(result.redirect_chain).toEqual(['https://paypal-konto-hilfe.com/anmelden']);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/PayPal/);
  });

  it('lets an honest page clear what its long hyphenated address suggests, and says so', async () => {
    const { details } = await staticScan('biblioteca-municipal-tavira.pt');
    const address = [...details.values()].filter((detail) => detail.name.startsWith('threat_'));
    expect(address.every((detail) => detail.risk_score === 0)).toBe(true);
  });
});

// One page rendered at a time (see fixtureScans).
describe.concurrent('what only a browser shows (full scans with Chromium)', { timeout: 60_000 }, () => {
  it('judges the hidden same-site frame of a browser-in-the-browser kit like a page', async () => {
    const { result, details } = await scanSite('gamer-tournament-signup.com');
    expect(result.capture?.status, result.capture?.message).toBe('complete');
    expect(details.get('page_brand_impersonation')?.risk_score).toBeGreaterThanOrEqual(90);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/^In a frame from gamer-tournament-signup\.com: .*Google/);
    expect(details.get('page_browser_in_browser')?.risk_score).toBeGreaterThanOrEqual(85);
  });

  it('knows whose login a kit imitates by its favicon and logo alone, where the words name no brand', async () => {
    const plain = await staticScan('account-review-centre.com');
    expect(plain.details.get('page_brand_impersonation')?.message ?? '').not.toMatch(/PayPal/);
    const { details } = await scanSite('account-review-centre.com');
    expect(details.get('page_brand_impersonation')?.risk_score).toBeGreaterThanOrEqual(90);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/presents itself as PayPal.*Its favicon or logo is PayPal's logo/);
  });

  it('lets an honest login page show its own wordmark and the sign-in-with buttons of others', async () => {
    const { result, details } = await scanSite('acme-cloud-portal.com');
    expect(details.get('page_brand_impersonation')?.risk_score ?? 0).toBeLessThan(20);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('reads the brand drawn in an SVG logo file and the bank login its script writes in once clicked (fi)', async () => {
    const plain = await staticScan('paketti-seuranta-24.com');
    expect(plain.details.get('page_brand_impersonation')?.message ?? '').not.toMatch(/Posti/);
    const { result, details } = await scanSite('paketti-seuranta-24.com');
    expect(details.get('page_brand_impersonation')?.risk_score).toBeGreaterThanOrEqual(80);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/presents itself as Posti .*a password once you click/);
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
  });

  it("judges the page a poll's form leads to (en, it), and lets an honest shop's poll lead to its own results", async () => {
    for (const [host, brand] of [
      ['poll-ranking-58.com', 'Instagram'],
      ['sondaggio-voto-19.com', 'Facebook'],
    ]) {
      const { result, details } = await scanSite(host!);
      expect(details.get('page_brand_impersonation')?.risk_score, host).toBeGreaterThanOrEqual(90);
      expect(details.get('page_brand_impersonation')?.message).toMatch(
        new RegExp(`^On the page its form leads to, https://${host}/.*${brand}`),
      );
      expect(result.overall_risk, host).toBeGreaterThanOrEqual(60);
    }
    const { result, details } = await scanSite('kaffeehaus-bruhn.de');
    expect(details.get('page_brand_impersonation')?.risk_score ?? 0).toBeLessThan(20);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('judges the frame a browser-in-the-browser kit creates only once its button is clicked, and an honest club\u2019s own (cs)', async () => {
    const plain = await staticScan('registrace-turnaje.com');
    expect(plain.details.get('page_brand_impersonation')?.message ?? '').not.toMatch(/Microsoft/);
    const { result, details } = await scanSite('registrace-turnaje.com');
    expect(result.capture?.status, result.capture?.message).toBe('complete');
    // A frame of the page's own site is part of the page (decision 510): its Microsoft login is the page's.
    expect(details.get('page_brand_impersonation')?.risk_score).toBeGreaterThanOrEqual(90);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/presents itself as Microsoft and asks for credentials/);
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
    // An honest club's members' login, opened in a frame on a click, is the club's own.
    const club = await scanSite('sachovy-klub-zabovresky.cz');
    expect(club.details.get('page_password_field')?.risk_score, 'the frame was read').toBeGreaterThan(0);
    expect(club.details.get('page_brand_impersonation')?.risk_score ?? 0).toBeLessThan(20);
    expect(club.result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('clicks a fake human check once to judge what it hides, refusing the navigation its script tries next (it), and no honest spam guard is lifted (de)', async () => {
    const plain = await staticScan('controllo-accesso-conto.com');
    expect(plain.details.get('page_brand_impersonation')?.risk_score ?? 0).toBeLessThan(60);
    const { result, details } = await scanSite('controllo-accesso-conto.com');
    expect(result.capture?.status, result.capture?.message).toBe('complete');
    expect(details.get('page_brand_impersonation')?.message).toMatch(/presents itself as Poste Italiane and asks for credentials/);
    expect(details.get('page_brand_impersonation')?.risk_score).toBeGreaterThanOrEqual(90);
    // The form the script submits after the reveal would bring the gate back: the browser stayed.
    expect(details.get('threat_redirect_hop')?.risk_score ?? 0).toBe(0);
    const club = await scanSite('imkerverein-talheim.de');
    expect(club.result.overall_risk).toBeLessThanOrEqual(39);
  });

  it('is not told by navigator.webdriver that a program drives it, so a kit that hides from automated browsers shows its login (nl)', async () => {
    const { details } = await scanSite('aanvraag-pasvernieuwing.com');
    expect(details.get('page_parked_or_empty')?.risk_score ?? 0).toBe(0);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/presents itself as ING and asks for credentials/);
  });

  it('reads field labels a style sheet writes as generated content (attr() and strings), in Spanish', async () => {
    const plain = await staticScan('verificacion-tarjeta-cliente.com');
    expect(plain.details.get('page_card_fields')?.risk_score ?? 0).toBe(0);
    const { details } = await scanSite('verificacion-tarjeta-cliente.com');
    expect(details.get('page_card_fields')?.message).toMatch(/3 field/);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/presents itself as BBVA and asks for credentials/);
  });

  it.each([
    ['rezerwacja-terminow-online.pl', 'mBank', 'a same-site frame an external script inserts, its login in a closed shadow root (pl)'],
    ['randevu-onay-merkezi.com', 'e-Devlet', 'an address-less frame a script writes the sign-in into (tr)'],
  ])('judges %s: %s\u2019s login in %s', async (host, brand) => {
    const { details } = await scanSite(host);
    expect(details.get('page_password_field')?.risk_score, 'the frame was read').toBeGreaterThan(0);
    expect(details.get('page_brand_impersonation')?.message).toContain(`presents itself as ${brand} and asks for credentials`);
  });

  it('reads a text input masked by CSS as the password it is, in Japanese', async () => {
    const { details } = await scanSite('smbc-direct-login.top');
    expect(details.get('page_password_field')?.risk_score).toBeGreaterThan(0);
    expect(details.get('page_brand_impersonation')?.message).toMatch(/SMBC|Sumitomo/);
  });
});
