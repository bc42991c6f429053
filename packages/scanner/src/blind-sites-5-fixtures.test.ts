import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The fifth blind set (`fixtures/blind-sites-5/`, written without reading the detectors; two kits
 * in each of de, en, es, fr, it, ja, nl, pl, pt, tr): full scans with Chromium, asserting only the
 * analyst's outcome (kits >= 60, honest pages <= 39). To keep the suite's time, a sample: the kits
 * fixed after the first run (Polish QR re-enrolment, decision 564; a Turkish one-item checkout at 92%
 * off, decision 565), the kits with the same wording
 * or organisation rules nearby (a webmail-quota kit, a government sign-in), and the honest pages that
 * were false alarms (a hosting firm's webmail, decision 562; a municipality's sign-in under its
 * "cm-" abbreviation, decision 563; a shop's own checkout naming its company and registration
 * number, decision 616, beside a shop kit that passes on its address) or sit nearest those rules. `bench/held-out-kits/run.ts --sites
 * fixtures/blind-sites-5` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-5/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['odnowienie-mfa.vercel.app', 'pl: MFA re-enrolment by a QR code drawn on a canvas, no field'],
  ['firsat-magazam-tr.com', 'tr: fake-shop checkout of one item at 92% off, in TL'],
  ['assistenza-casella.github.io', 'it: Aruba webmail quota, mailbox password'],
  ['espace-usagers-fr.pages.dev', 'fr: impots.gouv.fr sign-in in two steps'],
  ['wyprzedaz-obuwia24.pl', 'pl: shoe shop in zł asking for BLIK and the card, passing on its address'],
];
const HONEST: readonly BlindSite[] = [
  ['webmail.nettlebyte-hosting.co.uk', 'en: hosting firm’s webmail, "mailbox over quota?" help line'],
  ['servicos.cm-vilaflor.pt', 'pt: municipality’s e-services sign-in on its cm- domain'],
  ['ceyizci-nazli.com.tr', 'tr: textile shop’s own checkout, its company and MERSİS number in the footer'],
  ['bcc-valdarda.it', 'it: cooperative bank’s own home-banking login'],
  ['gabinet-usmiech-torun.pl', 'pl: dental practice’s patient-portal login'],
];

describeBlindSet('blind sites, set 5 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
