import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { brandCatalogue } from './brand-catalogue.ts';
import { brandLogoSvg, logoHash } from './logo-hash.ts';

const require = createRequire(import.meta.url);
const OUTPUT = new URL('./data/logo-hashes.json', import.meta.url);

/** The dHash of one simple-icons logo drawn in its brand colour, or null if too plain to compare. */
export async function hashOfIcon(slug: string, color: string): Promise<string | null> {
  const svg = await readFile(require.resolve(`simple-icons/icons/${slug}.svg`), 'utf8');
  return logoHash(Buffer.from(brandLogoSvg(svg, color)));
}

/**
 * Regenerates `data/logo-hashes.json` ([slug, dHash] pairs) for every catalogue brand with a logo:
 * `npx tsx packages/scanner/src/brand/build-logo-hashes.ts` after upgrading simple-icons.
 */
async function main(): Promise<void> {
  const hashes: Record<string, string> = {};
  for (const brand of brandCatalogue().brands) {
    if (!brand.logo) continue;
    const hash = await hashOfIcon(brand.logo, brand.color ?? '000000');
    if (hash) hashes[brand.logo] = hash;
  }
  // Pairs, not an object: slugs such as `await` would become reserved names when JSON is
  // loaded as a module.
  const pairs = Object.entries(hashes).sort(([a], [b]) => a.localeCompare(b));
  await writeFile(OUTPUT, `[\n${pairs.map((pair) => JSON.stringify(pair)).join(',\n')}\n]\n`);
  process.stdout.write(`${pairs.length} logo hashes written\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
