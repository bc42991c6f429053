/**
 * SPEC §2 gauge: five equal 20% segments labelled Danger, Risky, Normal, Good and Secure, drawn
 * from the left (0: Min. Risk) to the right (100: Max. Risk) so the needle reads like the scale.
 */
export const GAUGE_SEGMENTS = [
  { label: 'Secure', color: '#19a974' },
  { label: 'Good', color: '#7cc444' },
  { label: 'Normal', color: '#f2c230' },
  { label: 'Risky', color: '#f08a24' },
  { label: 'Danger', color: '#e0433a' },
] as const;
