// ESLint rule: import boundaries between folders (STYLE.md "What we take" 1). A zone forbids files
// under `target` from importing anything under `from` (unless under one of `except`). Imports are
// resolved from relative paths, the web app's `@/` alias and workspace package names, so a
// boundary cannot be crossed by spelling the path differently.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
// Package entries as their package.json `exports` name them; then folder prefixes.
const entries = new Map([
  ['@riskscan/server', 'apps/server/src/index.ts'],
  ['@riskscan/server/testing', 'apps/server/src/testing/index.ts'],
  ['@riskscan/scanner', 'packages/scanner/src/index.ts'],
  ['@riskscan/scanner/testing', 'packages/scanner/src/testing/index.ts'],
  ['@riskscan/scanner/intel/testing', 'packages/scanner/src/intel/testing/index.ts'],
  ['@riskscan/contracts', 'packages/contracts/src/index.ts'],
]);
const aliases = [
  ['@/', path.join(root, 'apps/web/src/')],
  ['@riskscan/server', path.join(root, 'apps/server')],
  ['@riskscan/web', path.join(root, 'apps/web')],
  ['@riskscan/scanner', path.join(root, 'packages/scanner')],
  ['@riskscan/contracts', path.join(root, 'packages/contracts')],
];

function resolveImport(specifier, fromFile) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  if (entries.has(specifier)) return path.join(root, entries.get(specifier));
  const alias = aliases.find(([prefix]) => specifier === prefix || specifier.startsWith(prefix));
  return alias ? path.join(alias[1], specifier.slice(alias[0].length)) : null;
}

const within = (file, folder) => file === folder || file.startsWith(folder + path.sep);

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: { type: 'problem', schema: [{ type: 'array' }] },
  create(context) {
    const file = context.filename;
    const zones = (context.options[0] ?? [])
      .map((zone) => ({
        target: path.join(root, zone.target),
        from: path.join(root, zone.from),
        except: (zone.except ?? []).map((e) => path.join(root, zone.from, e)),
        message: zone.message,
      }))
      .filter((zone) => within(file, zone.target));
    if (zones.length === 0) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const resolved = resolveImport(node.source.value, file);
      if (!resolved) return;
      for (const zone of zones) {
        if (within(resolved, zone.from) && !zone.except.some((e) => within(resolved, e))) {
          context.report({ node: node.source, message: `${zone.message} ("${node.source.value}")` });
        }
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries } };
