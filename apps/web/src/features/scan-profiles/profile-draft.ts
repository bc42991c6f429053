import type { AdditionalCheckCode, ScanProfile } from '@riskscan/contracts';
import type { ScanProfileDraft } from './api/scan-profiles.ts';

/** The scan form's names for the four additional checks (SPEC §2 toggles). */
export const ADDITIONAL_CHECK_LABELS: Record<AdditionalCheckCode, string> = {
  webtech_check: 'Scan Tech',
  page_checks: 'Website Links',
  ip_checks: 'IP Info',
  dns_checks: 'DNS Enum',
};

export function setDetail(profile: ScanProfile, category: string, name: string, on: boolean): ScanProfile {
  return {
    ...profile,
    checks: profile.checks.map((c) =>
      c.category === category ? { ...c, details: c.details.map((d) => (d.name === name ? { ...d, is_active: on } : d)) } : c,
    ),
  };
}

export function setCategory(profile: ScanProfile, category: string, on: boolean): ScanProfile {
  return {
    ...profile,
    checks: profile.checks.map((c) => (c.category === category ? { ...c, details: c.details.map((d) => ({ ...d, is_active: on })) } : c)),
  };
}

export function setAdditional(profile: ScanProfile, code: AdditionalCheckCode, on: boolean): ScanProfile {
  return { ...profile, additional_checks: profile.additional_checks.map((a) => (a.code === code ? { ...a, is_active: on } : a)) };
}

export function activeCount(details: readonly { is_active: boolean }[]): number {
  return details.filter((d) => d.is_active).length;
}

/** What a save sends: the profile without its id (DESIGN §5). */
export function draftOf({ uid: _uid, ...draft }: ScanProfile): ScanProfileDraft {
  return draft;
}
