import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The thirteenth blind set (`fixtures/blind-sites-13/`, written without reading the detectors; ten
 * kits, one in each of ro, hu, uk, pl, tr, ja, pt-BR, es-MX, it and nl, one of each kind issue 36
 * names, and twenty honest pages of small organisations that look closest to them): full scans with
 * Chromium, asserting only the analyst's outcome (kits >= 60, honest pages <= 39). To keep the
 * suite's time, a sample: two kits (the device-code lure beside the help page that explains device
 * sign-in, and the tax-refund card form whose lure word the accountant's guide shares), and two
 * honest pages the first run got wrong, each turned by a general rule (a help page on its own site
 * hands no device code over, decision 609; a name in kanji signs as the company when the page
 * writes its own domain out, 604). `bench/held-out-kits/run.ts --sites fixtures/blind-sites-13`
 * scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-13/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['docs-kyoyu-jp.online', 'ja: device-code lure for a shared invoice, code copied and the sign-in page linked'],
  ['spv-restituire-ro.com', 'ro: ANAF tax-refund card form written from base64, Telegram exfil'],
];
const HONEST: readonly BlindSite[] = [
  ['it.zs-gorzyce.edu.pl', 'pl: school IT help page explaining device-code sign-in with an example code'],
  ['shinano-net.jp', 'ja: small ISP webmail naming itself in kanji, warning about fake "mailbox full" mails'],
];

describeBlindSet('blind sites, set 13 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
