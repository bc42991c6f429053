import { fileURLToPath } from 'node:url';
import { type BlindSite, describeBlindSet } from './testing/blind-set-suite.ts';

/**
 * The sixth blind set (`fixtures/blind-sites-6/`, written without reading the detectors; two kits
 * in each of de, en, es, fr, it, ja, nl, pl, pt, tr, built the way 2025-2026 kits are): full scans
 * with Chromium, asserting only the analyst's outcome (kits >= 60, honest pages <= 39). To keep the
 * suite's time, a sample: the kits fixed after the first run (logins in open and closed shadow roots
 * and a browser-in-the-browser pop-up drawn by a custom element, decision 610; a device-code lure
 * whose sign-in address is put together from pieces, decision 611; a sign-in kept base64 behind a
 * fake checkbox, decision 612), a kit on a hacked site behind a click gate, and the honest pages nearest the rules those touch (a bank login rendered by its own
 * script, a checkout on free hosting, an account password beside a card form).
 * `bench/held-out-kits/run.ts --sites fixtures/blind-sites-6` scans the whole set.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-6/', import.meta.url));

const KITS: readonly BlindSite[] = [
  ['spid-rinnovo-identita.pages.dev', 'it: SPID / PosteID sign-in in a closed shadow root'],
  ['bezpieczne-logowanie24.pl', 'pl: PKO login in an open shadow root, its HTML base64'],
  ['talleres-iruretagoyena.es', 'es: browser-in-the-browser Microsoft login on a hacked site, in a shadow root'],
  ['zaproszenie-spotkanie.glitch.me', 'pl: Teams device-code lure, code on a canvas, address from pieces'],
  ['buergerkonto-pruefung.web.app', 'de: BundID sign-in kept base64 behind a fake checkbox'],
  ['camping-les-pins-dores.fr', 'fr: ameli carte Vitale kit on a hacked site behind a click gate'],
];
const HONEST: readonly BlindSite[] = [
  ['skok-nadwarcianska.pl', 'pl: credit union’s e-banking login rendered by its own script'],
  ['loja-ceramica-bauru.vercel.app', 'pt: ceramics shop on free hosting, SPA checkout with CPF and card'],
  ['fietsenmaker-vandijk.nl', 'nl: bicycle shop checkout with an account password and card fields'],
];

describeBlindSet('blind sites, set 6 (sample)', SITES_DIR, KITS, HONEST, { sample: true });
