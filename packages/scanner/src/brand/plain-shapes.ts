import { hashDistance } from './logo-hash.ts';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">${body}</svg>`;

/**
 * Icons of one plain shape, as any site draws them: discs, rings, squares and rounded squares of a
 * few sizes. Their difference hashes are where a blank-looking favicon lands, whatever its colour.
 */
export const PLAIN_SHAPE_SVGS: readonly string[] = [
  ...[50, 45, 40, 35, 30].map((r) => svg(`<circle cx="50" cy="50" r="${r}"/>`)),
  ...[46, 40, 34].map((r) => svg(`<circle cx="50" cy="50" r="${r}" fill="none" stroke="#000" stroke-width="8"/>`)),
  ...[12, 20, 30].flatMap((rx) =>
    [0, 10, 20].map((inset) => svg(`<rect x="${inset}" y="${inset}" width="${100 - 2 * inset}" height="${100 - 2 * inset}" rx="${rx}"/>`)),
  ),
  ...[10, 20].map((inset) => svg(`<rect x="${inset}" y="${inset}" width="${100 - 2 * inset}" height="${100 - 2 * inset}"/>`)),
];

/** `logoHash` of each of `PLAIN_SHAPE_SVGS` (duplicates dropped); `plain-shapes.test.ts` recomputes them. */
export const PLAIN_SHAPE_HASHES: readonly string[] = [
  'e0c080808080c0e0',
  '60e0c08080c0e060',
  '20e0c08080c0e020',
  '0060c0c0c0c06000',
  '0060e0c0c0e06000',
  'e08c060202068ce0',
  '60c884060684c860',
  '00f08c84848ce000',
  'c0c080808080c0c0',
  '00e0c0c0c0c0e000',
  'c0800000000080c0',
  'e0808000008080e0',
  '8080808080808080',
  '00c0c0c0c0c0c000',
];

/** Bits within which an icon is one of the plain shapes: closer than a recoloured copy of a logo. */
const PLAIN_SHAPE_DISTANCE = 2;

/**
 * Whether an icon's hash is a plain shape's (a blue disc, a grey rounded square): such an icon
 * names no one, so it matches no catalogue logo, however alike a brand's simple logo hashes
 * (decision 548).
 */
export function isPlainShape(hash: string): boolean {
  return PLAIN_SHAPE_HASHES.some((plain) => hashDistance(plain, hash) <= PLAIN_SHAPE_DISTANCE);
}
