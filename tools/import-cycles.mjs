// Import cycles in every workspace (issue 42), so they stay at 0. Two levels:
//  - files: a file that, through its imports, imports itself;
//  - folders: the units the architecture names (a server module or a top-level folder of the
//    server's src/, a top-level folder of the scanner's src/, a web feature, a folder under the web
//    app's components/, lib/ or app/, a bench/ or reliability/ tool, a workspace package) that
//    import one another round in a loop.
// Type-only imports count where they close a loop with value imports (`A` imports a value of `B`,
// `B` a type of `A`): the folders are still tangled, only the emitted JavaScript hides it. A loop
// made only of type-only imports is reported too: types are knowledge, and knowledge that goes
// round in a loop has no home. Dynamic `import()` counts like a static import.
// `node tools/import-cycles.mjs` prints the figures and every loop; it exits 1 when either is not
// 0 (`--report` only prints). `npm run lint` runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['apps', 'packages', 'bench', 'reliability', 'e2e', 'scripts'];
const skipped = new Set(['node_modules', 'dist', 'fixtures', 'test-results', 'playwright-report', 'coverage', 'data']);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skipped.has(entry.name)) yield* sourceFiles(full);
    } else if (/\.(?:ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

// Workspace names and the web app's alias, as package.json `exports` and tsconfig `paths` map them.
const aliases = [
  ['@riskscan/contracts', 'packages/contracts/src/index.ts'],
  ['@riskscan/server/testing', 'apps/server/src/testing/index.ts'],
  ['@riskscan/server', 'apps/server/src/index.ts'],
  ['@riskscan/scanner/testing', 'packages/scanner/src/testing/index.ts'],
  ['@riskscan/scanner/intel/testing', 'packages/scanner/src/intel/testing/index.ts'],
  ['@riskscan/scanner', 'packages/scanner/src/index.ts'],
];

function resolveFile(candidate) {
  const tries = [
    candidate,
    candidate.replace(/\.js$/, '.ts'),
    candidate.replace(/\.js$/, '.tsx'),
    `${candidate}.ts`,
    `${candidate}.tsx`,
    path.join(candidate, 'index.ts'),
    path.join(candidate, 'index.tsx'),
  ];
  return tries.find((file) => existsSync(file) && statSync(file).isFile() && /\.(?:ts|tsx|mts)$/.test(file)) ?? null;
}

function resolveImport(specifier, fromFile) {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(fromFile), specifier));
  if (specifier.startsWith('@/')) return resolveFile(path.join(root, 'apps/web/src', specifier.slice(2)));
  const alias = aliases.find(([name]) => specifier === name);
  return alias ? path.join(root, alias[1]) : null;
}

/** Every import of a file: its specifier and whether it brings only types. */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The folder-level unit a file belongs to (see the head of this file); a file at the top of a
 * source folder (config.ts, scan.ts) is a unit of its own. */
function unitOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  const [top, second, third, fourth] = rel;
  const own = (depth) => (rel.length > depth + 1 ? rel.slice(0, depth + 1).join('/') : rel.join('/'));
  if (top === 'apps' && second === 'server' && third === 'src') return fourth === 'modules' ? own(4) : own(3);
  if (top === 'apps' && second === 'web' && third === 'src') return ['features', 'components'].includes(fourth) ? own(4) : own(3);
  if (top === 'apps' || top === 'packages') return third === 'src' ? own(3) : own(1);
  if (top === 'bench' || top === 'reliability') return own(1);
  return top;
}

/** Tests and their helpers (`testing/` folders) may reach across folders to assert on a pipeline;
 * the folder level leaves them out. */
const isTest = (file) => /\.(?:test|spec)\.tsx?$/.test(file) || file.split(path.sep).includes('testing');

/** Strongly connected components of a graph (Map node -> Set node) with more than one node. */
function loops(graph) {
  let index = 0;
  const indices = new Map();
  const lows = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (start) => {
    // Iterative Tarjan: the file graph is deep enough to overflow the call stack.
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    indices.set(start, index);
    lows.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const target = next[frame[2]++];
        if (!indices.has(target)) {
          indices.set(target, index);
          lows.set(target, index++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) {
          lows.set(node, Math.min(lows.get(node), indices.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        lows.set(parent, Math.min(lows.get(parent), lows.get(node)));
      }
      if (lows.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return components;
}

const fileGraph = new Map();
const unitGraph = new Map();
const unitEdges = new Map();
for (const dir of roots) {
  if (!existsSync(path.join(root, dir))) continue;
  for (const file of sourceFiles(path.join(root, dir))) {
    const from = path.relative(root, file);
    const targets = fileGraph.get(from) ?? new Set();
    fileGraph.set(from, targets);
    for (const { specifier } of importsOf(file)) {
      const resolved = resolveImport(specifier, file);
      if (!resolved) continue;
      const to = path.relative(root, resolved);
      if (to !== from) targets.add(to);
      const [fromUnit, toUnit] = [unitOf(file), unitOf(resolved)];
      if (fromUnit === toUnit || isTest(file)) continue;
      if (!unitGraph.has(fromUnit)) unitGraph.set(fromUnit, new Set());
      unitGraph.get(fromUnit).add(toUnit);
      const key = `${fromUnit} -> ${toUnit}`;
      if (!unitEdges.has(key)) unitEdges.set(key, `${from} -> ${specifier}`);
    }
  }
}

const fileLoops = loops(fileGraph);
const unitLoops = loops(unitGraph);

/** One import of each step of a folder loop, so the loop can be read and broken. */
const describeUnitLoop = (units) => {
  const members = new Set(units);
  return [...unitEdges.entries()]
    .filter(([key]) => {
      const [a, b] = key.split(' -> ');
      return members.has(a) && members.has(b);
    })
    .map(([key, example]) => `${key}   (${example})`);
};
const figures = [
  ['import loops between files', fileLoops.length, fileLoops.map((component) => component.join(' <-> '))],
  [
    'import loops between folders',
    unitLoops.length,
    unitLoops.flatMap((units) => [units.join(' <-> '), ...describeUnitLoop(units).map((l) => `  ${l}`)]),
  ],
];
for (const [name, count, lines] of figures) {
  console.log(`${String(count).padStart(4)}  ${name}`);
  for (const line of lines) console.log(`        ${line}`);
}
if (!process.argv.includes('--report') && figures.some(([, count]) => count > 0)) process.exit(1);
