import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The second blind set (`fixtures/blind-sites-2/`, written without reading the detectors): full
 * scans with Chromium. Only the outcome an analyst would give is asserted, never which rule gives
 * it, so the set keeps measuring generalisation: every kit is Risky (>= 60) and every honest page
 * of a small organisation on its own domain stays Good (<= 39).
 *
 * To keep the suite's time, a sample of every kind the set holds (each language's kit of a kind
 * the others lack, and the honest pages nearest the rules); `bench/held-out-kits/run.ts --sites
 * fixtures/blind-sites-2` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-2/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['smcc-vpass-jp.icu', 'ja: card-issuer login, brand only in title and logo'],
  ['naver-mybox-bohoan.com', 'ko: mail login, brand only in title and logo'],
  ['olx-pl-dostawa-odbior.com', 'pl: one-time code for a marketplace payout'],
  ['aramex-sa-delivery-fee.com', 'ar: parcel fee, right-to-left card form'],
  ['rd-go-th-refund.com', 'th: tax refund, the form in an iframe'],
  ['sukien-freefire-vn.com', 'vi: browser-in-the-browser'],
  ['zimni-bundy-vyprodej.shop', 'cs: fake shop in Kč'],
  ['pn-sandning.info', 'sv: parcel fee behind a meta refresh'],
  ['metamask-validar-carteira.com', 'pt: seed-phrase grid'],
  ['invitacion-reunion-teams.net', 'es: device-code lure'],
  ['onedrive-documents-partages.com', 'fr: OAuth-consent lure'],
  ['wetter-regional-aktuell.de', 'de: fake CAPTCHA, paste a command'],
];
const HONEST: readonly BlindSite[] = [
  ['rv-spaarnestroom.nl', 'nl: club members’ login'],
  ['tovstugan-garn.se', 'sv: shop checkout with card fields'],
  ['tidewater-protocol.org', 'en: crypto docs with a connect-wallet button'],
  ['support.kumo-seikyu.jp', 'ja: help page on two-step codes'],
  ['cloud.studio-ferrante-architetti.it', 'it: self-hosted Nextcloud login'],
];

describeBlindSet('blind sites, set 2 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
