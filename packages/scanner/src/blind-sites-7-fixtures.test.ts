import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The seventh blind set (`fixtures/blind-sites-7/`, written without reading the detectors; kits of
 * the kinds issue 36's first hidden set names, mostly English, one kit each in zh, ko, ru, ar, he,
 * th, vi, cs, honest look-alike logins and small organisations' pages): full scans with Chromium,
 * asserting only the analyst's outcome (kits >= 60, honest pages <= 39). To keep the suite's time, a
 * sample: the kits fixed after the first run (a telecom's points-lapse lure asking a card, decision
 * 626; a tax-refund SPA asking a resident registration number, decision 627) and the honest pages
 * nearest the rules those touch (a look-alike credit union whose name starts with a bank's, decision
 * 625; an ID-card upload beside a code; a card and a password on one page).
 * `bench/held-out-kits/run.ts --sites fixtures/blind-sites-7` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-7/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['point-plus-th.com', 'th: AIS points about to lapse, cashback to a card, form from char codes'],
  ['hwangeup-24.web.app', 'ko: Hometax refund SPA asking 주민등록번호 before the card'],
];
const HONEST: readonly BlindSite[] = [
  ['chasewood-fcu.org', 'en: credit union whose name starts with a bank’s, its own login'],
  ['trungtam-hoaphuong.edu.vn', 'vi: tutoring centre registration with a CCCD upload and an SMS code'],
  ['haneul-pilates.kr', 'ko: pilates studio with a member password and card fields'],
];

describeBlindSet('blind sites, set 7 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
