import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The ninth blind set (`fixtures/blind-sites-9/`, written without reading the detectors; the kinds
 * of both of issue 36's hidden sets in de, en, es, fr, it, ja, nl, pl, pt, tr, id, ro, hu, sv, uk,
 * el, fi, da, and honest pages of small organisations, three with look-alike-prone names): full
 * scans with Chromium, asserting only the analyst's outcome (kits >= 60, honest pages <= 39). To
 * keep the suite's time, a sample: the honest pages fixed after the first run (a stationery shop
 * called "Ledger & Leim" offering PayPal beside its card form, decisions 657 and 658; a tennis
 * club whose domain leaves out a word of its name, decision 658) and the carrier kit whose fee is
 * one link away (decision 659).
 * `bench/held-out-kits/run.ts --sites fixtures/blind-sites-9` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-9/', import.meta.url));

const KITS: readonly BlindSite[] = [['suivi-livraison-fr.live', 'fr: Colissimo tracking page linking "Payer 1,99 €" to the card form']];
const HONEST: readonly BlindSite[] = [
  ['ledger-papeterie.de', 'de: stationery shop "Ledger & Leim" with PayPal beside its card form'],
  ['szegedi-teniszklub.hu', 'hu: tennis club fee page, its domain leaving out a word of its name'],
];

describeBlindSet('blind sites, set 9 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
