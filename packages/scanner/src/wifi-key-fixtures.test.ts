import { describe, expect, it } from 'vitest';
import { fixtureScans } from './testing/fixture-scans.ts';

/**
 * Full scans with Chromium: pages asking for the Wi-Fi key in five languages reach Risky on
 * `page_wifi_key` alone; a provider's page that sets a new key and a help article stay Good.
 */
const KITS = [
  'router-firmware-service.net',
  'box-mise-a-jour.com',
  'aggiornamento-router.org',
  'obnovlenie-routera.net',
  'red-wifi-reconectar.com',
];
const HONEST = ['kabelnetz-seeland.ch', 'netzhilfe-ratgeber.de'];

const fullScan = fixtureScans();

describe('pages asking for the Wi-Fi key (full scans with Chromium)', { timeout: 120_000 }, () => {
  it('rates every kit Risky on the Wi-Fi key alone, Phishing, firmware pretext named where there is one', async () => {
    const scans = [];
    for (const host of KITS) scans.push({ host, ...(await fullScan(host)) });
    const summary = scans.map(({ host, result, details, classes }) => ({
      host,
      wifiKey: (details.get('page_wifi_key')?.risk_score ?? 0) >= 75,
      risky: result.overall_risk >= 60,
      phishing: classes.includes('Phishing'),
    }));
    expect(summary).toEqual(KITS.map((host) => ({ host, wifiKey: true, risky: true, phishing: true })));
    const firmware = scans.filter(({ details }) => /firmware update/.test(details.get('page_wifi_key')?.message ?? ''));
    expect(firmware.map(({ host }) => host)).toEqual(KITS.slice(0, 4));
  });

  it('leaves a provider page that sets a new key and a help article Good', async () => {
    const scans = [];
    for (const host of HONEST) scans.push({ host, ...(await fullScan(host)) });
    const summary = scans.map(({ host, result, details, classes }) => ({
      host,
      wifiKeyRisky: (details.get('page_wifi_key')?.risk_score ?? 0) >= 60,
      good: result.overall_risk <= 39,
      phishing: classes.includes('Phishing'),
    }));
    expect(summary).toEqual(HONEST.map((host) => ({ host, wifiKeyRisky: false, good: true, phishing: false })));
  });
});
