/** A name folded for comparison: lower case, accents and everything but letters and digits removed. */
export function compactName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
