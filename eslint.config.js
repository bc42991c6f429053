import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import riskscan from './tools/eslint/boundaries.js';

const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// Read from disk, so a new feature folder is under the rule from its first file.
const webFeatures = foldersIn('./apps/web/src/features/');
const serverModules = foldersIn('./apps/server/src/modules/');
// Server code outside modules/ (app, worker, plugins, jobs, db) sees modules only through their faces too.
const serverOutsideModules = readdirSync(new URL('./apps/server/src', import.meta.url)).filter((name) => name !== 'modules');
// A folder of the scanner and the folders above it that it must not import.
const scannerLayers = [
  ['url', ['collect', 'browser', 'checks', 'scoring', 'extended', 'brand', 'intel', 'verdict']],
  ['net', ['collect', 'browser', 'checks', 'scoring', 'extended', 'brand', 'intel', 'verdict']],
  ['page', ['collect', 'browser', 'checks', 'scoring', 'extended', 'brand', 'intel', 'verdict']],
  ['collect', ['browser', 'checks', 'scoring', 'extended']],
  ['extended', ['checks', 'browser']],
  ['checks', ['browser']],
  ['scoring', ['checks']],
];
const throughIndex = 'server modules import each other only through index.ts (the public face); export what is needed there';

export default tseslint.config(
  {
    ignores: [
      'fixtures/sites/**',
      'fixtures/held-out-sites/**',
      // Kits and honest pages as they are served (public kits are copies of others' code).
      'fixtures/blind-sites-*/**',
      'fixtures/public-kits*/**',
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { riskscan },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'riskscan/boundaries': [
        'error',
        [
          // Packages never depend on the apps (STYLE.md, "What we take" 1).
          { target: 'packages', from: 'apps', message: 'packages must not import from apps' },
          // The web app flows shared -> features -> app; features never import each other.
          ...webFeatures.map((feature) => ({
            target: `apps/web/src/features/${feature}`,
            from: 'apps/web/src/features',
            except: [feature],
            message: 'features must not import each other; lift shared code to components/ or lib/',
          })),
          ...['components', 'lib'].flatMap((shared) =>
            ['features', 'app'].map((layer) => ({
              target: `apps/web/src/${shared}`,
              from: `apps/web/src/${layer}`,
              message: 'shared code must not depend on features or the app',
            })),
          ),
          {
            target: 'apps/web/src/features',
            from: 'apps/web/src/app',
            message: 'features must not import the app layer',
          },
        ],
      ],
    },
  },
  {
    // The scan engine's stages depend one way (url/net/page, then collect, browser, extended, checks,
    // scoring); tests may cross folders to assert on the pipeline.
    files: ['packages/scanner/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'riskscan/boundaries': [
        'error',
        [
          { target: 'packages', from: 'apps', message: 'packages must not import from apps' },
          ...scannerLayers.flatMap(([layer, above]) =>
            above.map((upper) => ({
              target: `packages/scanner/src/${layer}`,
              from: `packages/scanner/src/${upper}`,
              message: `scanner: ${layer}/ must not import ${upper}/ (no folder-level import loops)`,
            })),
          ),
        ],
      ],
    },
  },
  {
    // Server modules show each other one face, their `index.ts` (tests may reach inside).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'riskscan/boundaries': [
        'error',
        [
          ...serverModules.map((module) => ({
            target: `apps/server/src/modules/${module}`,
            from: 'apps/server/src/modules',
            except: [module, ...serverModules.map((other) => `${other}/index.ts`)],
            message: throughIndex,
          })),
          ...serverOutsideModules.map((outside) => ({
            target: `apps/server/src/${outside}`,
            from: 'apps/server/src/modules',
            except: serverModules.map((other) => `${other}/index.ts`),
            message: throughIndex,
          })),
        ],
      ],
    },
  },
  {
    // Benchmarks and reliability runs drive the server and the scanner as outsiders do: through the
    // packages' public faces (`@riskscan/server`, `@riskscan/scanner`, `@riskscan/contracts`) or their
    // documented testing entries (`@riskscan/server/testing`, `@riskscan/scanner/testing`).
    files: ['bench/**/*.ts', 'reliability/**/*.ts'],
    rules: {
      'riskscan/boundaries': [
        'error',
        ['bench', 'reliability'].flatMap((outside) => [
          {
            target: outside,
            from: 'apps',
            except: ['server/src/index.ts', 'server/src/testing/index.ts'],
            message: `${outside}/ reaches the server only through @riskscan/server or @riskscan/server/testing`,
          },
          {
            target: outside,
            from: 'packages',
            except: [
              'scanner/src/index.ts',
              'scanner/src/testing/index.ts',
              'scanner/src/intel/testing/index.ts',
              'contracts/src/index.ts',
            ],
            message: `${outside}/ reaches a package only through its entry (@riskscan/scanner, @riskscan/scanner/testing, @riskscan/contracts)`,
          },
        ]),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The scan engine knows nothing of HTTP servers or databases.
    files: ['packages/scanner/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['fastify', 'fastify-*', '@fastify/*', 'kysely', 'pg', '@electric-sql/*'] }],
    },
  },
);
