/** SPEC §2: published date as MM/D/YYYY (two-digit month, plain day). */
export function formatPostDate(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return '';
  return `${String(month).padStart(2, '0')}/${day}/${year}`;
}

/** The category label is hidden for WordPress's default category. */
export const showsCategory = (name: string | undefined): name is string => Boolean(name) && name !== 'Uncategorized';
