import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import riskscan from './tools/eslint/boundaries.js';

const webFeatures = ['about', 'auth', 'blog', 'content', 'home', 'payment', 'pricing', 'profile', 'purchase', 'scan'];

export default tseslint.config(
  {
    ignores: ['fixtures/sites/**', '**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
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
            except: ['route-meta.ts'],
            message: 'features must not import the app layer',
          },
        ],
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
