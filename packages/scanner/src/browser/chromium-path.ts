import { accessSync, constants } from 'node:fs';

/** Where distributions put Chromium (or Chrome); the first executable one wins. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium to drive: the configured path (`CHROMIUM_PATH`) when given, else the first
 * system install found. Null when there is none: scans then run without the browser stage.
 */
export function findChromium(configured?: string | null, candidates: readonly string[] = CANDIDATES): string | null {
  if (configured) return isExecutable(configured) ? configured : null;
  return candidates.find(isExecutable) ?? null;
}

/**
 * Flags for a scanning browser: nothing of its own on the network (no updates, sync or
 * prefetching, and a dead proxy for whatever the browser itself might still send: each scan's
 * context has its own egress proxy), no QUIC or WebRTC UDP around the proxy, no GPU on servers,
 * and no sign to the page that a program drives it.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--proxy-server=http://127.0.0.1:9',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--dns-prefetch-disable',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // A kit that wipes itself when `navigator.webdriver` says the browser is automated would show the scan nothing.
  '--disable-blink-features=AutomationControlled',
  // HTTPS upgrades would hide what the site itself answers on http:// (and add an internal redirect to the chain).
  '--disable-features=DnsOverHttps,MediaRouter,OptimizationHints,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable',
];
