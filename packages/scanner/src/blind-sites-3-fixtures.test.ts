import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The third blind set (`fixtures/blind-sites-3/`, written without reading the detectors): full
 * scans with Chromium. Only the outcome an analyst would give is asserted, never which rule gives
 * it, so the set keeps measuring generalisation: every kit is Risky (>= 60) and every honest page
 * of a small organisation on its own domain stays Good (<= 39). The README records the first run,
 * made before any detector change; the kits and pages that failed it are the measurement, not
 * fixtures to adjust.
 *
 * To keep the suite's time, a sample of every kind the set holds (each language's kit of a kind
 * the others lack, and the honest pages nearest the rules); `bench/held-out-kits/run.ts --sites
 * fixtures/blind-sites-3` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-3/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['harborview-dental.com', 'en: Microsoft 365 login, victim’s domain pre-filled, built by script on a hacked site'],
  ['s-pushtan-aktualisierung.com', 'de: savings-bank login, PIN masked by CSS, then card data'],
  ['autorizacion-3ds-comercio.com', 'es: 3-D Secure SMS code, then card PIN'],
  ['visualizza-documento-pec.top', 'it: certified-mail document viewer, lure text in an SVG'],
  ['saldao-queima-estoque.shop', 'pt-BR: fake shop in R$, Pix only'],
  ['cj-jusohwakin.com', 'ko: parcel redelivery fee in ₩, card form behind a click'],
  ['mfa-herregistratie-portal.com', 'nl: QR-code MFA re-enrolment, then the app’s code'],
  ['dokument-efaktura24.com', 'pl: device-code lure for a shared invoice'],
  ['help-appeal-center.com', 'ar: copyright appeal, browser-in-the-browser login'],
  ['avtoservis-kolesnikov.ru', 'ru: fake CAPTCHA (Win+R, paste) injected in a hacked site'],
];
const HONEST: readonly BlindSite[] = [
  ['rb-moosachtal.de', 'de: cooperative bank’s own online-banking login'],
  ['armazemdaserra.com.br', 'pt-BR: delicatessen checkout with card fields in R$'],
  ['app.lumenfall.finance', 'en: DeFi project’s own swap app with connect-wallet'],
  ['servizi.comune.montebrusco.pg.it', 'it: municipality e-service login (SPID, CIE, password)'],
  ['kahvedegirmeni-izmir.com.tr', 'tr: coffee roaster checkout with card fields in ₺'],
];

describeBlindSet('blind sites, set 3 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
