import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The second blind set (`fixtures/blind-sites-2/`, written without reading the detectors): full
 * scans with Chromium. Only the outcome an analyst would give is asserted, never which rule gives
 * it, so the set keeps measuring generalisation: every kit is Risky (>= 60) and every honest page
 * of a small organisation on its own domain stays Good (<= 39).
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-2/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['smcc-vpass-jp.icu', 'ja: card-issuer login, brand only in title and logo'],
  ['etag-tongxingfei.com', 'zh: toll card payment, placeholders only'],
  ['naver-mybox-bohoan.com', 'ko: mail login, brand only in title and logo'],
  ['edevlet-vergi-iadesi-basvuru.com', 'tr: tax refund to a card'],
  ['olx-pl-dostawa-odbior.com', 'pl: one-time code for a marketplace payout'],
  ['vyplaty-gosuslugi.online', 'ru: government login behind a script hop'],
  ['aramex-sa-delivery-fee.com', 'ar: parcel fee, right-to-left card form'],
  ['bank-poalim-ishur.com', 'he: bank login, password masked by CSS'],
  ['rd-go-th-refund.com', 'th: tax refund, the form in an iframe'],
  ['sukien-freefire-vn.com', 'vi: browser-in-the-browser'],
  ['bri-tarif-transfer.com', 'id: bank fields built by a script'],
  ['zimni-bundy-vyprodej.shop', 'cs: fake shop in Kč'],
  ['constructii-valea-mare.ro', 'ro: document viewer on an unrelated site'],
  ['pn-sandning.info', 'sv: parcel fee behind a meta refresh'],
  ['diia-dopomoha-vyplata.com', 'uk: payout asking card and balance'],
  ['metamask-validar-carteira.com', 'pt: seed-phrase grid'],
  ['invitacion-reunion-teams.net', 'es: device-code lure'],
  ['onedrive-documents-partages.com', 'fr: OAuth-consent lure'],
  ['wetter-regional-aktuell.de', 'de: fake CAPTCHA, paste a command'],
  ['riscatta-airdrop-zk.com', 'it: wallet drainer'],
];
const HONEST: readonly BlindSite[] = [
  ['rv-spaarnestroom.nl', 'nl: club members’ login'],
  ['mosoly-fogaszat-szeged.hu', 'hu: dentist booking with a phone field'],
  ['tovstugan-garn.se', 'sv: shop checkout with card fields'],
  ['mesto-lipnice-nad-orlici.cz', 'cs: municipality e-service login'],
  ['gymnasium-lindenhof-waldkirch.de', 'de: school webmail link page'],
  ['tidewater-protocol.org', 'en: crypto docs with a connect-wallet button'],
  ['support.kumo-seikyu.jp', 'ja: help page on two-step codes'],
  ['ebok.netkom-swiebodzin.pl', 'pl: internet provider’s customer panel'],
  ['cloud.studio-ferrante-architetti.it', 'it: self-hosted Nextcloud login'],
  ['haneul-math.co.kr', 'ko: academy login with an SMS code'],
];

describeBlindSet('blind sites, set 2', SITES_DIR, KITS, HONEST);
