import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The third blind set (`fixtures/blind-sites-3/`, written without reading the detectors): full
 * scans with Chromium. Only the outcome an analyst would give is asserted, never which rule gives
 * it, so the set keeps measuring generalisation: every kit is Risky (>= 60) and every honest page
 * of a small organisation on its own domain stays Good (<= 39). The README records the first run,
 * made before any detector change; the kits and pages that failed it are the measurement, not
 * fixtures to adjust.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-3/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['harborview-dental.com', 'en: Microsoft 365 login, victim’s domain pre-filled, built by script on a hacked site'],
  ['s-pushtan-aktualisierung.com', 'de: savings-bank login, PIN masked by CSS, then card data'],
  ['renouvellement-carte-assure.com', 'fr: health-card renewal fee by card, placeholders only'],
  ['autorizacion-3ds-comercio.com', 'es: 3-D Secure SMS code, then card PIN'],
  ['visualizza-documento-pec.top', 'it: certified-mail document viewer, lure text in an SVG'],
  ['saldao-queima-estoque.shop', 'pt-BR: fake shop in R$, Pix only'],
  ['bitfiyer-jp.com', 'ja: crypto-exchange login on a look-alike host, then 2FA code'],
  ['tw-member-renew.xyz', 'zh-TW: streaming renewal by card, brand only in an SVG'],
  ['cj-jusohwakin.com', 'ko: parcel redelivery fee in ₩, card form behind a click'],
  ['mfa-herregistratie-portal.com', 'nl: QR-code MFA re-enrolment, then the app’s code'],
  ['dokument-efaktura24.com', 'pl: device-code lure for a shared invoice'],
  ['cuzdan-dogrulama-merkezi.com', 'tr: wallet recovery phrase in one textarea'],
  ['help-appeal-center.com', 'ar: copyright appeal, browser-in-the-browser login'],
  ['kyc-update-seva.com', 'hi: bank KYC update, login, PAN and OTP'],
  ['tebus-mata-ganjaran.top', 'ms: reward points, script hop to a bank login with homoglyphs'],
  ['eblagh-sana-adl.xyz', 'fa: judicial-notice fee on a card-gateway clone'],
  ['myaade-epistrofi.com', 'el: tax refund, tax-portal login and card'],
  ['lahetys-seuranta.top', 'fi: customs fee, bank picker, login built after a click'],
  ['delt-dokument-drev.com', 'da: OAuth-consent lure for a shared document'],
  ['avtoservis-kolesnikov.ru', 'ru: fake CAPTCHA (Win+R, paste) injected in a hacked site'],
];
const HONEST: readonly BlindSite[] = [
  ['rb-moosachtal.de', 'de: cooperative bank’s own online-banking login'],
  ['bibliotheekzuidvallei.nl', 'nl: library card number and PIN'],
  ['ecole-sainte-odile-marlenheim.fr', 'fr: school parents’ portal login'],
  ['armazemdaserra.com.br', 'pt-BR: delicatessen checkout with card fields in R$'],
  ['cp.hoshizora-server.jp', 'ja: hosting company’s control-panel login with 2FA code'],
  ['app.lumenfall.finance', 'en: DeFi project’s own swap app with connect-wallet'],
  ['login.kaarnala-amk.fi', 'fi: university single sign-on page'],
  ['servizi.comune.montebrusco.pg.it', 'it: municipality e-service login (SPID, CIE, password)'],
  ['lockwell-pass.com', 'en: password-manager vendor’s vault login'],
  ['kahvedegirmeni-izmir.com.tr', 'tr: coffee roaster checkout with card fields in ₺'],
];

describeBlindSet('blind sites, set 3', SITES_DIR, KITS, HONEST);
