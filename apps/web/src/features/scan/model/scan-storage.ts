import { type CheckResult, checkResultSchema } from '@riskscan/contracts';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { SCAN_EXPIRY_MS } from './scan-constants.ts';
import type { ScanForm } from './scan-form.ts';

/**
 * The scan's life in local storage (SPEC §3, §4). Every function takes the storage so the flow can
 * be tested without a browser and so two tabs agree on what is pending.
 *
 * The scan expiry has its own key: SPEC §4 stores "a scan expiry time" while the session keeps its
 * 24-hour login expiry under `expirationTime`; sharing one key would let a scan end a session.
 */
export const SCAN_EXPIRY_KEY = 'scan-expiration-time';

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The stored result, or null when there is none or it is not a report this app can show. */
export function readStoredResult(storage: Storage): CheckResult | null {
  const parsed = checkResultSchema.safeParse(parse(storage.getItem(STORAGE_KEYS.checkResult)));
  return parsed.success ? parsed.data : null;
}

export function readStoredForm(storage: Storage): ScanForm | null {
  const form = parse(storage.getItem(STORAGE_KEYS.scanForm));
  return form && typeof form === 'object' && 'url' in form && typeof form.url === 'string' ? (form as ScanForm) : null;
}

export function hasScanError(storage: Storage): boolean {
  return storage.getItem(STORAGE_KEYS.scanError) !== null;
}

/** Submit: loading flag, the form and the 10-minute expiry are saved before any call (SPEC §4). */
export function beginScan(storage: Storage, form: ScanForm, now: number): void {
  storage.removeItem(STORAGE_KEYS.scanError);
  storage.removeItem(STORAGE_KEYS.checkResult);
  storage.setItem(STORAGE_KEYS.isLoading, 'true');
  storage.setItem(STORAGE_KEYS.scanForm, JSON.stringify(form));
  storage.setItem(SCAN_EXPIRY_KEY, String(now + SCAN_EXPIRY_MS));
}

export function completeScan(storage: Storage, result: CheckResult): void {
  storage.setItem(STORAGE_KEYS.checkResult, JSON.stringify(result));
  clearPending(storage);
}

/** On error the form, expiry and loading flag go and the scan-error flag is set (SPEC §4). */
export function failScan(storage: Storage): void {
  clearPending(storage);
  storage.setItem(STORAGE_KEYS.scanError, 'true');
}

function clearPending(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.scanForm);
  storage.removeItem(SCAN_EXPIRY_KEY);
  storage.removeItem(STORAGE_KEYS.isLoading);
}

/**
 * The scan to resume after a reload: only while the loading flag is set, no scan error is stored
 * and the 10-minute expiry has not passed. An expired scan is dropped.
 */
export function pendingScan(storage: Storage, now: number): ScanForm | null {
  if (storage.getItem(STORAGE_KEYS.isLoading) !== 'true' || hasScanError(storage)) return null;
  const form = readStoredForm(storage);
  const expiry = Number(storage.getItem(SCAN_EXPIRY_KEY));
  if (!form || !Number.isFinite(expiry) || expiry <= now) {
    clearPending(storage);
    return null;
  }
  return form;
}

/** 'Initiate Scan' on a recently scanned URL: drop the result and rescan with new=true (SPEC §4). */
export function prepareRescan(storage: Storage, form: ScanForm, now: number): ScanForm {
  const rescan = { ...form, new: true };
  beginScan(storage, rescan, now);
  return rescan;
}

/** 'Scan another website': back to the form. */
export function discardResult(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.checkResult);
  storage.removeItem(STORAGE_KEYS.scanError);
  clearPending(storage);
}

/** The anonymous free-scan id (SPEC §3), created once per browser. */
export function anonymousId(storage: Storage, create: () => string = () => crypto.randomUUID()): string {
  const existing = storage.getItem(STORAGE_KEYS.freeScanId);
  if (existing) return existing;
  const id = create();
  storage.setItem(STORAGE_KEYS.freeScanId, id);
  return id;
}

export function rememberProfile(storage: Storage, uid: string): void {
  storage.setItem(STORAGE_KEYS.scanProfileId, uid);
}

export function rememberedProfile(storage: Storage): string | null {
  return storage.getItem(STORAGE_KEYS.scanProfileId);
}

export function forgetProfile(storage: Storage): void {
  storage.removeItem(STORAGE_KEYS.scanProfileId);
}

/** SPEC §6: a scan answered with a `detail` error flags the membership as expired locally. */
export const MEMBERSHIP_EXPIRED_KEY = 'membership-expired';

export function flagMembershipExpired(storage: Storage): void {
  storage.setItem(MEMBERSHIP_EXPIRED_KEY, 'true');
}
