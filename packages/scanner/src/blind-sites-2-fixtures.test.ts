import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadFixtureSites } from './testing/fixture-server.ts';
import { fixtureScans } from './testing/fixture-scans.ts';

/**
 * The second blind set (`fixtures/blind-sites-2/`, written without reading the detectors): full
 * scans with Chromium. Only the outcome an analyst would give is asserted, never which rule gives
 * it, so the set keeps measuring generalisation: every kit is Risky (>= 60) and every honest page
 * of a small organisation on its own domain stays Good (<= 39).
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/blind-sites-2/', import.meta.url));

const KITS: readonly [host: string, what: string][] = [
  ['smcc-vpass-jp.icu', 'ja: card-issuer login, brand only in title and logo'],
  ['etag-tongxingfei.com', 'zh: toll card payment, placeholders only'],
  ['naver-mybox-bohoan.com', 'ko: mail login, brand only in title and logo'],
  ['edevlet-vergi-iadesi-basvuru.com', 'tr: tax refund to a card'],
  ['olx-pl-dostawa-odbior.com', 'pl: one-time code for a marketplace payout'],
  ['vyplaty-gosuslugi.online', 'ru: government login behind a script hop'],
  ['aramex-sa-delivery-fee.com', 'ar: parcel fee, right-to-left card form'],
  ['bank-poalim-ishur.com', 'he: bank login, password masked by CSS'],
  ['rd-go-th-refund.com', 'th: tax refund, the form in an iframe'],
  ['sukien-freefire-vn.com', 'vi: browser-in-the-browser'],
  ['bri-tarif-transfer.com', 'id: bank fields built by a script'],
  ['zimni-bundy-vyprodej.shop', 'cs: fake shop in Kč'],
  ['constructii-valea-mare.ro', 'ro: document viewer on an unrelated site'],
  ['pn-sandning.info', 'sv: parcel fee behind a meta refresh'],
  ['diia-dopomoha-vyplata.com', 'uk: payout asking card and balance'],
  ['metamask-validar-carteira.com', 'pt: seed-phrase grid'],
  ['invitacion-reunion-teams.net', 'es: device-code lure'],
  ['onedrive-documents-partages.com', 'fr: OAuth-consent lure'],
  ['wetter-regional-aktuell.de', 'de: fake CAPTCHA, paste a command'],
  ['riscatta-airdrop-zk.com', 'it: wallet drainer'],
];
const HONEST: readonly [host: string, what: string][] = [
  ['rv-spaarnestroom.nl', 'nl: club members’ login'],
  ['mosoly-fogaszat-szeged.hu', 'hu: dentist booking with a phone field'],
  ['tovstugan-garn.se', 'sv: shop checkout with card fields'],
  ['mesto-lipnice-nad-orlici.cz', 'cs: municipality e-service login'],
  ['gymnasium-lindenhof-waldkirch.de', 'de: school webmail link page'],
  ['tidewater-protocol.org', 'en: crypto docs with a connect-wallet button'],
  ['support.kumo-seikyu.jp', 'ja: help page on two-step codes'],
  ['ebok.netkom-swiebodzin.pl', 'pl: internet provider’s customer panel'],
  ['cloud.studio-ferrante-architetti.it', 'it: self-hosted Nextcloud login'],
  ['haneul-math.co.kr', 'ko: academy login with an SMS code'],
];

const sites = new Map(loadFixtureSites(SITES_DIR).map((site) => [site.host, site]));
const fullScan = fixtureScans({ sitesDir: SITES_DIR });

// Two scans at a time (see fixtureScans).
describe.concurrent('blind sites, set 2 (full scans with Chromium)', { timeout: 60_000 }, () => {
  it('lists every kit and honest page of the folder, with the kind its manifest gives', () => {
    const byKind = (kind: string) => [...sites.values()].filter((site) => site.manifest.kind === kind).map((site) => site.host);
    expect(KITS.map(([host]) => host).sort()).toEqual(byKind('malicious'));
    expect(HONEST.map(([host]) => host).sort()).toEqual(byKind('benign'));
  });

  it.each(KITS)('%s is Risky (%s)', async (host) => {
    const { result } = await fullScan(host);
    expect(result.capture?.status).toBe('complete');
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
  });

  it.each(HONEST)('%s stays Good (%s)', async (host) => {
    const { result } = await fullScan(host);
    expect(result.capture?.status).toBe('complete');
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });
});
