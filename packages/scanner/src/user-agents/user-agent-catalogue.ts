import { createRequire } from 'node:module';
import type UserAgent from 'user-agents';
import type { UserAgentData } from 'user-agents';
import { CRAWLER_AGENTS } from './crawler-agents.ts';

export type DeviceGroup = 'Desktop' | 'Mobile' | 'Tablet' | 'Bot';

/** How the browser presents itself for an agent: the screenshot size follows the device. */
export interface DeviceProfile {
  device: DeviceGroup;
  viewport: { width: number; height: number };
  isMobile: boolean;
}

export interface UserAgentEntry extends DeviceProfile {
  code: string;
  value: string;
}

/** The scan options' shape (SPEC §3): groups by device, each item `{code, value}` plus a readable `name`. */
export interface UserAgentGroup {
  device: DeviceGroup;
  items: { code: string; value: string; name: string }[];
}

export const DESKTOP_VIEWPORT = { width: 1366, height: 768 } as const;
const FAMILIES_PER_DEVICE = 6;
const SAMPLE_SIZE = 10_000;

const BROWSERS: readonly [string, RegExp][] = [
  ['edge', /\bEdgA?\/|\bEdgiOS\//],
  ['opera', /\bOPR\/|\bOPiOS\//],
  ['samsung', /\bSamsungBrowser\//],
  ['firefox', /\bFirefox\/|\bFxiOS\//],
  ['chrome', /\bChrome\/|\bCriOS\//],
  ['safari', /\bVersion\/[\d.]+.*Safari\//],
];
const SYSTEMS: readonly [string, RegExp][] = [
  ['ios', /\b(iPhone|iPad|iPod)\b/],
  ['android', /\bAndroid\b/],
  ['chromeos', /\bCrOS\b/],
  ['windows', /\bWindows NT\b/],
  ['macos', /\bMacintosh\b/],
  ['linux', /\bLinux\b/],
];

const BROWSER_NAMES: Record<string, { name: string; version: RegExp }> = {
  edge: { name: 'Edge', version: /\bEdg(?:A|iOS)?\/(\d+)/ },
  opera: { name: 'Opera', version: /\b(?:OPR|OPiOS)\/(\d+)/ },
  samsung: { name: 'Samsung Internet', version: /\bSamsungBrowser\/(\d+)/ },
  firefox: { name: 'Firefox', version: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  chrome: { name: 'Chrome', version: /\b(?:Chrome|CriOS)\/(\d+)/ },
  safari: { name: 'Safari', version: /\bVersion\/(\d+(?:\.\d+)?)/ },
};
const SYSTEM_NAMES: Record<string, string> = {
  ios: 'iOS',
  android: 'Android',
  chromeos: 'ChromeOS',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};
const CRAWLER = /\b([A-Za-z]*bot|facebookexternalhit)\/([\d.]+)/i;

/** An agent as people read it, e.g. "Chrome 131 on Windows (Desktop)" or "Googlebot 2.1 (smartphone)". */
export function userAgentName(value: string, device: DeviceGroup): string {
  if (device === 'Bot') {
    const crawler = CRAWLER.exec(value);
    const name = crawler ? `${crawler[1]} ${crawler[2]}` : 'Crawler';
    return /Mobile/.test(value) ? `${name} (smartphone)` : name;
  }
  const browser = BROWSERS.find(([, pattern]) => pattern.test(value))?.[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(value))?.[0];
  const known = browser ? BROWSER_NAMES[browser] : undefined;
  const version = known?.version.exec(value)?.[1];
  const label = known ? `${known.name}${version ? ` ${version}` : ''}` : 'Browser';
  return `${label}${system ? ` on ${SYSTEM_NAMES[system]}` : ''} (${device})`;
}

const familyOf = (value: string): string | null => {
  const browser = BROWSERS.find(([, pattern]) => pattern.test(value))?.[0];
  const system = SYSTEMS.find(([, pattern]) => pattern.test(value))?.[0];
  return browser && system ? `${browser}-${system}` : null;
};

/** The fields of the package's data its type leaves out. */
type SampleAgent = UserAgentData & { deviceCategory?: string; viewportWidth: number; viewportHeight: number };

const DEVICE_OF: Record<string, Exclude<DeviceGroup, 'Bot'>> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/**
 * The most used agent of each browser and system family per device, from the `user-agents`
 * package's real, weighted sample. Codes name the family (`mobile-safari-ios`), so they stay
 * stable when the package's data moves on to newer versions.
 */
function buildCatalogue(sample: readonly SampleAgent[]): UserAgentEntry[] {
  const families = new Map<string, { weight: number; best: SampleAgent }>();
  for (const data of sample) {
    const device = DEVICE_OF[data.deviceCategory ?? ''];
    const family = familyOf(data.userAgent);
    if (!device || !family) continue;
    const key = `${device.toLowerCase()}-${family}`;
    const seen = families.get(key);
    if (!seen) families.set(key, { weight: data.weight, best: data });
    else {
      seen.weight += data.weight;
      if (data.weight > seen.best.weight) seen.best = data;
    }
  }
  const entries: UserAgentEntry[] = [];
  for (const device of ['Desktop', 'Mobile', 'Tablet'] as const) {
    const ranked = [...families.entries()]
      .filter(([key]) => key.startsWith(`${device.toLowerCase()}-`))
      .sort((a, b) => b[1].weight - a[1].weight)
      .slice(0, FAMILIES_PER_DEVICE);
    for (const [code, { best }] of ranked) {
      const viewport = device === 'Desktop' ? DESKTOP_VIEWPORT : { width: best.viewportWidth, height: best.viewportHeight };
      entries.push({ code, value: best.userAgent, device, viewport, isMobile: device !== 'Desktop' });
    }
  }
  for (const crawler of CRAWLER_AGENTS) {
    const mobile = /Mobile/.test(crawler.value);
    entries.push({ ...crawler, device: 'Bot', viewport: mobile ? { width: 412, height: 732 } : DESKTOP_VIEWPORT, isMobile: mobile });
  }
  return entries;
}

let catalogue: UserAgentEntry[] | null = null;

/** Every agent a scan may choose, built once from the package data (5 MB of JSON, so read on first use, not at start). */
export function userAgentCatalogue(): readonly UserAgentEntry[] {
  if (!catalogue) {
    const userAgents = createRequire(import.meta.url)('user-agents') as typeof UserAgent;
    catalogue = buildCatalogue(userAgents.top(SAMPLE_SIZE) as SampleAgent[]);
  }
  return catalogue;
}

/** For `GET /scan-options/`: the agents grouped Desktop, Mobile, Tablet, Bot. */
export function userAgentGroups(): UserAgentGroup[] {
  const groups: UserAgentGroup[] = (['Desktop', 'Mobile', 'Tablet', 'Bot'] as const).map((device) => ({ device, items: [] }));
  for (const entry of userAgentCatalogue())
    groups
      .find((group) => group.device === entry.device)!
      .items.push({ code: entry.code, value: entry.value, name: userAgentName(entry.value, entry.device) });
  return groups.filter((group) => group.items.length > 0);
}

export function findUserAgent(code: string): UserAgentEntry | null {
  return userAgentCatalogue().find((entry) => entry.code === code) ?? null;
}

/** The agent the browser shows when the scan names none: the most used desktop Chrome, never "HeadlessChrome". */
export function defaultUserAgent(): UserAgentEntry {
  const desktop = userAgentCatalogue().filter((entry) => entry.device === 'Desktop');
  return desktop.find((entry) => entry.code === 'desktop-chrome-windows') ?? desktop[0]!;
}

/** The agent a viewer of a device presents: the default desktop agent, or the most used phone agent of the catalogue. */
export function deviceUserAgent(device: 'desktop' | 'phone'): UserAgentEntry {
  if (device === 'desktop') return defaultUserAgent();
  return userAgentCatalogue().find((entry) => entry.device === 'Mobile')!;
}

/** Screen and touch for an agent string: the catalogue's when it is one of ours, else guessed from the string. */
export function deviceProfileFor(value: string): DeviceProfile {
  const known = userAgentCatalogue().find((entry) => entry.value === value);
  if (known) return { device: known.device, viewport: known.viewport, isMobile: known.isMobile };
  if (/\biPad\b|Tablet/.test(value)) return { device: 'Tablet', viewport: { width: 820, height: 1180 }, isMobile: true };
  if (/\bMobile\b|\biPhone\b/.test(value)) return { device: 'Mobile', viewport: { width: 390, height: 844 }, isMobile: true };
  return { device: 'Desktop', viewport: DESKTOP_VIEWPORT, isMobile: false };
}
