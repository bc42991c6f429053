import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The tenth blind set (`fixtures/blind-sites-10/`, written without reading the detectors; sixteen
 * honest pages of small organisations in de, es, fr, it, ja, nl, pl, pt, tr and en of the kinds most
 * likely to be misjudged, and eight kits in ja, tr, pl, pt, it and nl): full scans with Chromium,
 * asserting only the analyst's outcome (kits >= 60, honest pages <= 39). To keep the suite's time, a
 * sample: the pages the first run got wrong, each turned by a general rule (a meetup's sign-up and
 * a wallet reseller's checkout beside a "never type your seed phrase" warning, decision 676; a
 * village e-service whose consent check box names the tax agency, decision 677; a wallet chooser
 * built by script that asks the phrase once a wallet is picked, decision 678).
 * `bench/held-out-kits/run.ts --sites fixtures/blind-sites-10` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-10/', import.meta.url));

const KITS: readonly BlindSite[] = [['carteira-seg-4m.web.app', 'pt: "valide sua carteira" over a script-built row of wallet buttons']];
const HONEST: readonly BlindSite[] = [
  ['btcmeetup-torino.it', 'it: meetup sign-up beside a "nobody will ask your seed phrase" warning'],
  ['zimnyportfel.pl', 'pl: hardware-wallet reseller checkout (BLIK) beside a seed-phrase warning'],
  ['villanuevadelarroyo.es', 'es: village e-service with a consent check box naming the Agencia Tributaria'],
];

describeBlindSet('blind sites, set 10 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
