// Counts the architecture rules of issue 16 in the server's non-test source, so they stay at 0:
//  - imports of another server module's files other than its `index.ts`;
//  - route files that import a repository;
//  - `HttpError`s thrown (or built) outside routes and plugins.
// `node tools/architecture-counts.mjs` prints the figures and every offence; it exits 1 when any
// figure is not 0 (`--report` only prints). `npm run lint` runs it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'testing' || entry.name === 'node_modules' || entry.name === 'migrations') continue;
      yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield full;
    }
  }
}

const importPattern = /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(text) {
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2]).filter((s) => s.startsWith('.'));
}

/** The module a path lies in (`scans` for modules/scans/…), or null outside modules/. */
function moduleOf(file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..')) return null;
  return rel.split(path.sep)[0];
}

const crossModule = [];
const routesWithRepository = [];
const httpErrorsOutside = [];

for (const file of sourceFiles(serverSrc)) {
  const text = readFileSync(file, 'utf8');
  const rel = path.relative(root, file);
  const own = moduleOf(file);
  const isRoute = /\.routes\.ts$/.test(file);
  for (const specifier of importsOf(text)) {
    const target = path.resolve(path.dirname(file), specifier);
    const targetModule = moduleOf(target);
    if (targetModule && targetModule !== own) {
      const inModule = path.relative(path.join(modulesDir, targetModule), target);
      if (inModule !== 'index.ts' && inModule !== 'index') crossModule.push(`${rel} -> ${specifier}`);
    }
    if (isRoute && /repository(\.ts)?$/.test(specifier)) routesWithRepository.push(`${rel} -> ${specifier}`);
  }
  const allowedHttp = isRoute || /\.plugin\.ts$/.test(file) || file.startsWith(path.join(serverSrc, 'plugins') + path.sep);
  if (!allowedHttp) {
    const hits = text.match(/\b(?:new|extends) HttpError\b/g)?.length ?? 0;
    if (hits > 0) httpErrorsOutside.push(`${rel} (${hits})`);
  }
}

const httpCount = httpErrorsOutside.reduce((n, line) => n + Number(/\((\d+)\)$/.exec(line)[1]), 0);
const figures = [
  ['imports of another server module other than its index.ts', crossModule.length, crossModule],
  ['route files importing a repository', new Set(routesWithRepository.map((l) => l.split(' -> ')[0])).size, routesWithRepository],
  ['HttpError built outside routes and plugins', httpCount, httpErrorsOutside],
];
for (const [name, count, lines] of figures) {
  console.log(`${String(count).padStart(4)}  ${name}`);
  for (const line of lines) console.log(`        ${line}`);
}
if (!process.argv.includes('--report') && figures.some(([, count]) => count > 0)) process.exit(1);
