#!/usr/bin/env node
// The type checker every `typecheck` script runs: TypeScript 7's native compiler, installed as
// `typescript-native` (decision 591). TypeScript 6 stays installed as `typescript` for the tools
// that read its JavaScript API (typescript-eslint, tools/import-cycles.mjs), which 7 no longer has.
// Arguments pass through: `node tools/tsc.mjs -p tsconfig.node.json`.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = dirname(createRequire(import.meta.url).resolve('typescript-native/package.json'));
await import(pathToFileURL(join(root, 'bin', 'tsc')).href);
