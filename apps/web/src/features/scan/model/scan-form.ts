import { type AdditionalCheckCode, type CheckUrlQuery, normalizeScanUrl, type ScanProfile } from '@riskscan/contracts';
import { SCAN_MESSAGES } from './scan-constants.ts';

/** What the scan form holds; stored locally while a scan runs so a reload can resume it (SPEC §4). */
export type ScanForm = {
  url: string;
  private: boolean;
  webtech_check: boolean;
  dns_checks: boolean;
  ip_checks: boolean;
  page_checks: boolean;
  proxy?: string;
  user_agent?: string;
  scan_profile?: string;
  /** Other viewers to open the page as and compare (`viewers` of the query, e.g. `phone` or `desktop:DE`). */
  viewers?: string;
  /** Force a rescan of a URL scanned within the last 24 hours. */
  new?: boolean;
  /** `https://` was put in front of what was typed: the scan tries http too when https fails. */
  schemeAdded?: boolean;
};

export type ExtendedChecks = Pick<ScanForm, AdditionalCheckCode>;

export const EMPTY_FORM: ScanForm = {
  url: '',
  private: false,
  webtech_check: false,
  dns_checks: false,
  ip_checks: false,
  page_checks: false,
};

/** The six toggles of SPEC §2, with the extended check each one drives. */
export const CHECK_TOGGLES: ReadonlyArray<{ code: AdditionalCheckCode; label: string }> = [
  { code: 'webtech_check', label: 'Scan Tech' },
  { code: 'page_checks', label: 'Website Links' },
  { code: 'ip_checks', label: 'IP Info' },
  { code: 'dns_checks', label: 'DNS Enum' },
];

const EXTENDED_CODES = CHECK_TOGGLES.map((toggle) => toggle.code);

export function allChecksOn(form: ExtendedChecks): boolean {
  return EXTENDED_CODES.every((code) => form[code]);
}

/** "All Check" ticks the four extended checks on, or all off when they already are (SPEC §4). */
export function toggleAllChecks<T extends ExtendedChecks>(form: T): T {
  const next = !allChecksOn(form);
  return { ...form, ...Object.fromEntries(EXTENDED_CODES.map((code) => [code, next])) };
}

/** Choosing a profile sets the four extended-check flags from it (SPEC §4). */
export function applyProfile<T extends ExtendedChecks & { scan_profile?: string }>(form: T, profile: ScanProfile): T {
  const flags = Object.fromEntries(
    EXTENDED_CODES.map((code) => [code, profile.additional_checks.some((c) => c.code === code && c.is_active)]),
  );
  return { ...form, ...flags, scan_profile: profile.uid };
}

export function withoutProfile({ scan_profile: _dropped, ...form }: ScanForm): ScanForm {
  return form;
}

/**
 * The form with its profile only if it is one of the member's own: a remembered id can be another
 * member's (same browser) or a deleted profile, which the server refuses, failing every scan.
 */
export function withOwnProfile(form: ScanForm, profiles: readonly Pick<ScanProfile, 'uid'>[]): ScanForm {
  return !form.scan_profile || profiles.some((profile) => profile.uid === form.scan_profile) ? form : withoutProfile(form);
}

/**
 * The form as the profile its scan will use sets it (issue 37): the member's own remembered one,
 * else their default, so the toggles show what a home scan really runs.
 */
export function withScanProfile(form: ScanForm, profiles: readonly ScanProfile[]): ScanForm {
  const own = withOwnProfile(form, profiles);
  const profile = profiles.find((p) => p.uid === own.scan_profile) ?? profiles.find((p) => p.is_default);
  return profile ? applyProfile(own, profile) : own;
}

export type UrlCheck = { ok: true; url: string; schemeAdded: boolean } | { ok: false; message: string };

/**
 * SPEC §5: the server's URL rules (empty, other schemes, mail addresses, over-long), checked
 * before asking; the web form also wants a dotted host name. The URL is sent as typed.
 */
export function normaliseScanUrl(input: string): UrlCheck {
  const checked = normalizeScanUrl(input);
  if (!checked.ok) return checked;
  const trimmed = input.trim();
  const host = checked.url.hostname;
  if (/\s/.test(trimmed) || !host.includes('.') || host.startsWith('.') || host.endsWith('.')) {
    return { ok: false, message: SCAN_MESSAGES.invalidUrl };
  }
  return { ok: true, url: checked.schemeAdded ? `https://${trimmed}` : trimmed, schemeAdded: checked.schemeAdded };
}

/**
 * A quick scan skips the network enumerations (DNS, IP, links); detecting the web technology reuses
 * the page load, so a quick scan may include it (DESIGN §6 `fastCheck`).
 */
export function isFastCheck(form: ExtendedChecks): boolean {
  return !form.dns_checks && !form.ip_checks && !form.page_checks;
}

/** The `GET /check-url/` query for a form; the anonymous id goes only with a guest's free scan. */
export function buildCheckUrlQuery(form: ScanForm, freescanUid?: string): Partial<Record<keyof CheckUrlQuery, string>> {
  const query: Partial<Record<keyof CheckUrlQuery, string>> = {
    url: form.url,
    private: String(form.private),
    new: String(Boolean(form.new)),
    fastCheck: String(isFastCheck(form)),
    webtech_check: String(form.webtech_check),
    dns_checks: String(form.dns_checks),
    ip_checks: String(form.ip_checks),
    page_checks: String(form.page_checks),
  };
  if (form.proxy) query.proxy = form.proxy;
  if (form.user_agent) query.user_agent = form.user_agent;
  if (form.scan_profile) query.scan_profile = form.scan_profile;
  if (form.viewers) query.viewers = form.viewers;
  if (freescanUid) query.freescan_uid = freescanUid;
  if (form.schemeAdded) query.scheme_added = 'true';
  return query;
}
