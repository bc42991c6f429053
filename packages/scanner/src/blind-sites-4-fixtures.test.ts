import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The fourth blind set (`fixtures/blind-sites-4/`, written without reading the detectors): full
 * scans with Chromium, asserting only the analyst's outcome (kits >= 60, honest pages <= 39).
 * To keep the suite's time, a sample: the kits whose first run failed or passed on the address
 * alone and were fixed by page rules (decisions 547-551), the kit whose favicon was read as another
 * brand's logo (548), and the honest pages nearest those rules: the wallet documentation that was
 * the false alarm (547), a developer tool's own device-code page and a helpdesk article with a copy
 * button (550), and a Slovak webmail login (551). `bench/held-out-kits/run.ts --sites
 * fixtures/blind-sites-4` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-4/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['rov-pro-league.com', 'th: browser-in-the-browser login, frame loaded only by a click'],
  ['sigurnosna-provjera-racuna.com', 'hr: bank login in a frame hidden until a click or 2.5 s'],
  ['shared-recording.live', 'he: device-code lure, code fetched and copied by script'],
  ['tunnistus-uusinta.com', 'fi: QR-code MFA re-enrolment drawn by script, no field'],
  ['overenie-klienta-sk.web.app', 'sk: bank login injected by script after load'],
  ['moyata-smetka-online.com', 'bg: unpaid telecom bill by card'],
  ['truhlarstvi-kolar.cz', 'cs: bank login on a hacked site, plain-disc favicon'],
];
const HONEST: readonly BlindSite[] = [
  ['docs.nuriwallet.io', 'ko: wallet documentation on recovery phrases, search box, no field'],
  ['yunqiao.dev', 'zh-CN: developer tool’s own device-authorisation page'],
  ['helpdesk.michlelet-haemek.ac.il', 'he: IT helpdesk article with commands and a copy button'],
  ['webmail.hostdata.sk', 'sk: hosting company’s webmail login'],
];

describeBlindSet('blind sites, set 4 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
