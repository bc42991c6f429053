/** Local-storage keys of SPEC §3, named once. */
export const STORAGE_KEYS = {
  user: 'user',
  checkResult: 'check-result',
  isLoading: 'isLoading',
  expirationTime: 'expirationTime',
  scanForm: 'scan-form',
  scanError: 'scan-error',
  scanProfileId: 'scan-profile-id',
  freeScanId: 'freescan-uid',
} as const;

/** The consent cookie (SPEC §4). */
export const COOKIE_CONSENT = 'cookie_accept';

export function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  localStorage.setItem(key, JSON.stringify(value));
}
