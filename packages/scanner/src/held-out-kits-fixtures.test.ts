import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { urlVerdictOf } from './checks/url-verdicts.ts';
import { fixtureScans } from './testing/fixture-scans.ts';

/**
 * A subset of the held-out kits (`fixtures/held-out-sites/`, written blind and scored by
 * `bench/held-out-kits/run.ts`), full scans with Chromium: each kit must be Risky by a page rule
 * of its own, whatever its address says, and never rated below the lookup of its address; each
 * honest page of a small organisation, with its own password or payment fields, stays Good.
 */
const SITES_DIR = fileURLToPath(new URL('../../../fixtures/held-out-sites/', import.meta.url));

const KITS: readonly [host: string, detail: string, minimum: number, why: string][] = [
  [
    'ipko-weryfikacja.online',
    'page_brand_impersonation',
    90,
    'pl: form built by a script, captions in <div>s, a click-only redirect to the bank',
  ],
  ['mijn-ing-pasvervanging.com', 'page_brand_impersonation', 90, 'nl: the brand among more words of the host'],
  ['espace-particulier-impots.info', 'page_brand_impersonation', 90, 'fr: a government portal named in the title'],
  ['rabo-betaalverzoek-bevestigen.info', 'page_brand_impersonation', 90, 'nl: card and response-code fields by caption'],
  ['kuroneko-saihaitatsu.top', 'page_brand_impersonation', 90, 'ja: a carrier fee, card fields captioned in Japanese'],
  ['trust-wallet-sincronizar.app', 'page_recovery_phrase', 90, 'es: a 12-word grid built by a script'],
  ['recompensa-token-oficial.xyz', 'page_wallet_connect', 85, 'pt: a reward promised to connect a wallet'],
  ['casella-posta-aggiornamento.site', 'page_lure', 70, 'it: "mailbox full" and the mailbox password'],
  ['spor-ayakkabi-firsat.shop', 'page_fake_shop', 60, 'tr: prices in ₺, "%80", transfer only'],
  ['weryfikacja-czlowieka.click', 'page_fake_captcha', 90, 'pl: paste a command'],
];
const HONEST = [
  'biuro-nowak-ksiegowosc.pl',
  'mhc-zwolle-noord.nl',
  'minshuku-hanabi.jp',
  'cantina-colli-bassi.it',
  'mail.ozturk-muhasebe.com.tr',
  'gulumseyen-dis-klinigi.com.tr',
];

const fullScan = fixtureScans({ sitesDir: SITES_DIR });

// One page rendered at a time (see fixtureScans).
describe.concurrent('held-out kits in ten languages (full scans with Chromium)', { timeout: 60_000 }, () => {
  it.each(KITS)('%s: %s reaches %i on the page side (%s)', async (host, detail, minimum) => {
    const { site, result, details } = await fullScan(host);
    expect(result.capture?.status, result.capture?.message).toBe('complete');
    expect(result.final_url).toBe(site.entryUrl);
    expect(details.get(detail)?.side).toBe('page');
    expect(details.get(detail)?.risk_score, details.get(detail)?.message).toBeGreaterThanOrEqual(minimum);
    expect(result.overall_risk).toBeGreaterThanOrEqual(60);
    // The page asks for secrets on a domain that is not the brand's: the lookup's score is a floor.
    const lookup = urlVerdictOf(site.entryUrl);
    if ('error' in lookup) throw new Error(`the lookup could not judge ${site.entryUrl}: ${lookup.error}`);
    expect(result.overall_risk).toBeGreaterThanOrEqual(lookup.risk_score);
  });

  it.each(HONEST)('%s (a small organisation on its own domain) stays Good with no page rule at 40', async (host) => {
    const { result, all } = await fullScan(host);
    expect(result.capture?.status, result.capture?.message).toBe('complete');
    expect(all.filter((detail) => detail.side === 'page' && detail.risk_score >= 40)).toEqual([]);
    expect(result.overall_risk).toBeLessThanOrEqual(39);
  });
});
