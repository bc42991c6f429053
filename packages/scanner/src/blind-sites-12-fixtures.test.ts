import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The twelfth blind set (`fixtures/blind-sites-12/`, written without reading the detectors; ten
 * kits, one in each of zh, ko, ru, ar, he, th, vi, id, cs and sv, and twenty honest pages of small
 * organisations that look closest to them): full scans with Chromium, asserting only the analyst's
 * outcome (kits >= 60, honest pages <= 39). To keep the suite's time, a sample: two kits, and two
 * honest pages the first run got wrong, each turned by a general rule (a page's own name read in
 * Latin letters from another script, decision 593; a registration label of its market in its footer,
 * 594). `bench/held-out-kits/run.ts --sites fixtures/blind-sites-12` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-12/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['tw-tollpay.top', 'zh: eTag unpaid-toll kit, owner details then an unnamed card form'],
  ['lk-vyplaty-gos.ru', 'ru: Gosuslugi payout kit whose login is written from base64'],
];
const HONEST: readonly BlindSite[] = [
  ['shanlan-tea.com.tw', 'zh: tea shop checkout naming itself only in kanji, on an address that looks like phishing'],
  ['buhgalter-ostrovskaya.ru', 'ru: accountant explaining the Gosuslugi sign-in beside her own client login'],
];

describeBlindSet('blind sites, set 12 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
