import type { GeoLocation, ScanOptions } from '@riskscan/contracts';
import {
  chooseLocation,
  countryOptions,
  createBrowserPool,
  createBrowserRenderStage,
  directoryScreenshotStore,
  findChromium,
  findUserAgent,
  locateIp,
  s3Objects,
  s3ScreenshotStore,
  userAgentGroups,
  type BrowserPool,
  type RenderStage,
  type ScreenshotStore,
} from '@riskscan/scanner';
import type { Config } from '../../config.ts';

/** What a scan needs from the capture side for the country the user chose. */
export interface ScanEnvironment {
  /** The browser stage for `scan()`; it reports by itself when no Chromium is there. Absent when the browser is switched off. */
  render: RenderStage | undefined;
  geoLocation: GeoLocation;
  /** The country's proxy for `scan()`'s `network.upstreamProxyUrl`: static fetch and browser leave through it. Null: from here. */
  upstreamProxyUrl: string | null;
}

export interface ScanCapture {
  /** Null when `countryCode` names no configured country (answer with the `proxy` field error). */
  environmentFor(countryCode?: string | null): ScanEnvironment | null;
  /** `GET /scan-options/`: the configured countries and the user agents grouped by device. */
  scanOptions(): ScanOptions;
  /** The header value for a user-agent code from the scan options; null for an unknown code. */
  userAgent(code: string): string | null;
  /** Where screenshots are kept: `/screenshots/{name}` reads them back from here. */
  screenshots: ScreenshotStore;
  /** The Chromium in use, null when none was found or the browser is off. */
  chromiumPath: string | null;
  /** Resolves once the egress address's country is known (`SCAN_EGRESS_IP`); scans before then read "Server default". */
  ready(): Promise<void>;
  close(): Promise<void>;
}

type CaptureConfig = Pick<Config, 'browser' | 'scanLocation'>;

/** Results link to our own route whatever the storage, so links stay stable and the bucket stays private. */
function screenshotStore(storage: Config['browser']['screenshots'], linkFor: (name: string) => string): ScreenshotStore {
  return storage.kind === 's3' ? s3ScreenshotStore(s3Objects(storage.s3), linkFor) : directoryScreenshotStore(storage.dir, linkFor);
}

/** The browser pool, screenshot storage and scan locations, built once from the config; one pool serves every scan. */
export function createScanCapture(config: CaptureConfig, log: { warn(message: string): void }): ScanCapture {
  // Results keep our own links as paths; responses put them on the origin the caller used (see scans/own-links).
  const locations = config.scanLocation.proxies;
  const chromiumPath = config.browser.enabled ? findChromium(config.browser.chromiumPath) : null;
  if (config.browser.enabled && !chromiumPath) {
    log.warn(
      `No Chromium found${config.browser.chromiumPath ? ` at CHROMIUM_PATH=${config.browser.chromiumPath}` : ''}: scans run without a browser and without screenshots`,
    );
  }
  const pool: BrowserPool | null = chromiumPath
    ? createBrowserPool({ executablePath: chromiumPath, size: config.browser.poolSize, log: (message) => log.warn(message) })
    : null;
  // Without SCAN_LOCATION, the country of the address scans leave from (SCAN_EGRESS_IP) names where they ran.
  let egressCountry: string | null = null;
  const { serverCountry, egressIp } = config.scanLocation;
  const egressLookup =
    !serverCountry && egressIp
      ? locateIp(egressIp)
          .then((location) => {
            egressCountry = location?.countryCode ?? null;
            if (!egressCountry) log.warn(`SCAN_EGRESS_IP=${egressIp} has no country in the GeoIP data: reports read "Server default"`);
          })
          .catch((error: unknown) => log.warn(`Locating SCAN_EGRESS_IP failed: ${(error as Error).message}`))
      : Promise.resolve();
  const screenshots = screenshotStore(config.browser.screenshots, (name) => `/screenshots/${name}`);
  // One stage for every country: it takes the proxy from the scan's network options.
  const render = config.browser.enabled
    ? createBrowserRenderStage({
        pool,
        screenshots,
        totalTimeoutMs: config.browser.totalTimeoutMs,
        limits: { pageTimeoutMs: config.browser.pageTimeoutMs },
        cloaking: config.browser.cloakingCheck,
        log: (message) => log.warn(message),
      })
    : undefined;

  return {
    environmentFor(countryCode) {
      const choice = chooseLocation(locations, serverCountry ?? egressCountry, countryCode);
      if (!choice) return null;
      return { render, geoLocation: choice.geoLocation, upstreamProxyUrl: choice.proxyUrl };
    },
    scanOptions: () => ({ proxies: countryOptions(locations), user_agents: userAgentGroups() }),
    userAgent: (code) => findUserAgent(code)?.value ?? null,
    screenshots,
    chromiumPath,
    ready: () => egressLookup,
    close: async () => {
      await pool?.close();
    },
  };
}
