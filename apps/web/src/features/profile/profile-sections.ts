/** The profile's screens by sub-path (SPEC §2 names four; scan history is ours). */
export const PROFILE_SECTIONS = [
  { id: 'license_details', label: 'License details', group: 'Plan' },
  { id: 'scan_history', label: 'Scan history', group: 'Scanning' },
  { id: 'currenttemplate', label: 'Current template', group: 'Scanning' },
  { id: 'monitoring', label: 'Domain monitoring', group: 'Scanning' },
  { id: 'triage', label: 'E-mail triage', group: 'Scanning' },
  { id: 'log_hunt', label: 'Log hunt', group: 'Scanning' },
  { id: 'feeds', label: 'Threat feeds', group: 'Scanning' },
  { id: 'change_password', label: 'Change password', group: 'Account' },
  { id: 'change_email', label: 'Change email', group: 'Account' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

/** /profile and unknown sub-paths open the licence overview. */
export function sectionOf(id: string | undefined): ProfileSectionId {
  return PROFILE_SECTIONS.find((section) => section.id === id)?.id ?? 'license_details';
}
