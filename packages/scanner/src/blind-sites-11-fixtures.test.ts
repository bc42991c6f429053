import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The eleventh blind set (`fixtures/blind-sites-11/`, written without reading the detectors; ten
 * kits written the way real kits are, one in each of de, en, es, fr, it, ja, nl, pl, pt and tr, and
 * sixteen honest pages of small organisations that look closest to them): full scans with Chromium,
 * asserting only the analyst's outcome (kits >= 60, honest pages <= 39). To keep the suite's time, a
 * sample: pages the first run got wrong, each turned by a general rule (a marketplace-payout kit's
 * bank chooser beside the brand it claims, decision 566; a checkout's "Amazon Pay" choice, 681; a
 * one-word domain gluing the name's words, 682; a group brand's member on its own domain, 683).
 * `bench/held-out-kits/run.ts --sites fixtures/blind-sites-11` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-11/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['bezpieczna-dostawa-7421.xyz', 'pl: OLX "receive your money" SPA whose card form follows a bank chooser'],
];
const HONEST: readonly BlindSite[] = [
  ['kobo-yamabuki.jp', 'ja: pottery shop checkout offering Amazon Pay beside its card form'],
  ['contabilmantiqueira.com.br', 'pt: accountant explaining the gov.br sign-in beside its own client login'],
  ['raiffeisenkasse-tannheim.de', "de: a cooperative bank's own e-banking login on its own domain"],
];

describeBlindSet('blind sites, set 11 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
