// Counts the architecture rules of issues 16 and 30 in non-test source, so they stay at 0:
//  - imports of another server module's files other than its `index.ts`;
//  - route files that import a repository;
//  - `HttpError`s thrown (or built) outside routes and plugins;
//  - uses inside a module of a Fastify decoration another module declares (`app.scans` in
//    triage): what a module needs from another is handed to it by the composition root (`app.ts`);
//  - queries inside a module on a table another module declares (`selectFrom('users')` in scans):
//    each table belongs to the module whose repository declares it in `interface Database`;
//  - transactions opened in repositories (`.transaction()` in a `*.repository.ts`): the service
//    that needs several writes to be atomic opens it and hands the repositories its `Executor`;
//  - repository functions taking `Db` rather than `Executor`, which a service could not run
//    inside its transaction;
//  - URL lists (shorteners, abused TLDs, free hosting, lure words, ...) defined outside the
//    scanner's `url-knowledge/`: a list of at least three strings (array literal, split string, or
//    alternation in a regular expression that reads a URL), most of them from one of its lists.
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

/** Source text without comments, so doc comments may name what the code does not use. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const serverFiles = [...sourceFiles(serverSrc)];

// Who declares what: `app.decorate('name', …)` and the keys of `interface Database { … }`.
const decorationOwner = new Map();
const tableOwner = new Map();
for (const file of serverFiles) {
  const own = moduleOf(file);
  if (!own) continue;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\.decorate\(\s*['"](\w+)['"]/g)) decorationOwner.set(m[1], own);
  for (const m of text.matchAll(/interface Database \{/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    let line = '';
    for (; i < text.length && depth > 0; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '\n') {
        const key = depth === 1 ? /^\s*(\w+)\s*:/.exec(line) : null;
        if (key) tableOwner.set(key[1], own);
        line = '';
        continue;
      }
      if (depth === 1) line += c;
    }
  }
}

// Decorations that stay are cross-cutting HTTP concerns: who the caller is and what they may do.
const crossCutting = new Set(['auth']);

const crossModule = [];
const crossDecorations = [];
const crossTables = [];
const routesWithRepository = [];
const httpErrorsOutside = [];
const repositoryTransactions = [];
const repositoryDbParameters = [];

for (const file of serverFiles) {
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
  if (own) {
    const code = withoutComments(text);
    for (const m of code.matchAll(/\b\w+\.(\w+)\b/g)) {
      const owner = decorationOwner.get(m[1]);
      if (!owner || owner === own || crossCutting.has(owner) || !/^(?:app|api|fastify|instance|server|scope)$/.test(m[0].split('.')[0]))
        continue;
      crossDecorations.push(`${rel}: ${m[0]} (${owner})`);
    }
    const queries =
      /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|with)\(\s*['"](\w+)(?:\s+as\s+\w+)?['"]/g;
    for (const m of code.matchAll(queries)) {
      const owner = tableOwner.get(m[1]);
      if (owner && owner !== own) crossTables.push(`${rel}: ${m[1]} (${owner})`);
    }
  }
  if (/\.repository\.ts$/.test(file)) {
    const code = withoutComments(text);
    const transactions = code.match(/\.transaction\(\)/g)?.length ?? 0;
    if (transactions > 0) repositoryTransactions.push(`${rel} (${transactions})`);
    // A parameter typed `Db` (`db: Db,` or `db: Db)`), in a function or a repository factory.
    for (const m of code.matchAll(/\b(\w+)\??:\s*Db\s*[,)=]/g)) repositoryDbParameters.push(`${rel}: ${m[0].replace(/\s*[,)=]$/, '')}`);
  }
  const allowedHttp = isRoute || /\.plugin\.ts$/.test(file) || file.startsWith(path.join(serverSrc, 'plugins') + path.sep);
  if (!allowedHttp) {
    const hits = text.match(/\b(?:new|extends) HttpError\b/g)?.length ?? 0;
    if (hits > 0) httpErrorsOutside.push(`${rel} (${hits})`);
  }
}

// URL knowledge: the string lists of the scanner's url-knowledge/ files, and list literals elsewhere
// that repeat one of them.
const knowledgeDir = path.join(root, 'packages/scanner/src/url-knowledge');
const stringsIn = (code) => [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"/g)].map((m) => (m[1] ?? m[2]).toLowerCase());
const knowledge = readdirSync(knowledgeDir)
  .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && name !== 'index.ts')
  .map((name) => [name, withoutComments(readFileSync(path.join(knowledgeDir, name), 'utf8'))])
  .map(([name, code]) => [
    name,
    new Set(stringsIn(code).filter((s) => s.length > 1)),
    new Set([...code.matchAll(/^\s*(\w+):/gm)].map((m) => m[1])),
  ]);
/**
 * The lists a source file spells out: array literals (`['bit.ly', …]`, also inside `new Set(…)`),
 * strings split into words (`'bit.ly t.co …'.split(' ')`) and alternations in a regular
 * expression that reads a URL, i.e. matches a slash (`/\/[^/]*(login|verify|…)\.php$/`).
 */
function listsIn(code) {
  const arrays = [...code.matchAll(/\[([^[\]]*)\]/g)].map((m) => stringsIn(m[1]));
  const words = (text) =>
    text
      .toLowerCase()
      .split(/[\s,|]+/)
      .filter(Boolean);
  const split = [...code.matchAll(/(['"])([^'"\n]*)\1\s*\.split\(/g)].map((m) => words(m[2]));
  const alternations = [];
  for (const m of code.matchAll(/\/(?![/*])((?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/[a-z]*|String\.raw`([^`]*)`/g)) {
    const source = m[1] ?? m[2];
    if (!source.includes('\\/') && !source.includes('[^/]')) continue;
    for (const group of source.matchAll(/\((?:\?:)?([\w\\.-]+(?:\|[\w\\.-]+){2,})\)/g))
      alternations.push(group[1].split('|').map((word) => word.replaceAll('\\', '').toLowerCase()));
  }
  return [...arrays, ...split, ...alternations];
}

// Lists of words, not of hosts or endings.
const WORD_LISTS = new Set(['lure-words.ts', 'kit-pages.ts']);
const urlListCopies = [];
const codeRoots = ['packages', 'apps'].map((dir) => path.join(root, dir));
for (const dir of codeRoots) {
  for (const file of sourceFiles(dir)) {
    if (file.startsWith(knowledgeDir + path.sep) || file.includes(`${path.sep}apps${path.sep}web${path.sep}`)) continue;
    const code = withoutComments(readFileSync(file, 'utf8'));
    for (const strings of listsIn(code)) {
      if (strings.length < 3) continue;
      for (const [name, known, themes] of knowledge) {
        // A choice among url-knowledge's themes (`['account', 'billing']`) is a use, not a copy.
        if (strings.every((s) => themes.has(s))) continue;
        const hits = strings.filter((s) => known.has(s)).length;
        // Words are common: a list of words counts from eight up, a list of hosts or TLDs from three.
        const least = WORD_LISTS.has(name) ? 8 : 3;
        if (strings.length >= least && hits >= 3 && hits * 2 >= strings.length) {
          urlListCopies.push(`${path.relative(root, file)}: ${strings.slice(0, 4).join(', ')}… (as in url-knowledge/${name})`);
          break;
        }
      }
    }
  }
}

const occurrences = (lines) => lines.reduce((n, line) => n + Number(/\((\d+)\)$/.exec(line)[1]), 0);
const figures = [
  ['imports of another server module other than its index.ts', crossModule.length, crossModule],
  ['route files importing a repository', new Set(routesWithRepository.map((l) => l.split(' -> ')[0])).size, routesWithRepository],
  ['HttpError built outside routes and plugins', occurrences(httpErrorsOutside), httpErrorsOutside],
  ["another module's Fastify decoration used inside a module", crossDecorations.length, crossDecorations],
  ["queries on another module's tables", crossTables.length, crossTables],
  ['transactions opened in repositories', occurrences(repositoryTransactions), repositoryTransactions],
  ['repository functions taking Db', repositoryDbParameters.length, repositoryDbParameters],
  ['URL lists defined outside url-knowledge/', urlListCopies.length, urlListCopies],
];
for (const [name, count, lines] of figures) {
  console.log(`${String(count).padStart(4)}  ${name}`);
  for (const line of lines) console.log(`        ${line}`);
}
if (!process.argv.includes('--report') && figures.some(([, count]) => count > 0)) process.exit(1);
