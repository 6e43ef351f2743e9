import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import {createNodeResolver, importX} from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'website/build/**',
      'website/.docusaurus/**',
      // builds kept apart by their own names (e2e/playwright.config.ts E2E_BUILD_DIR)
      'website/build-*/**',
      'website/.docusaurus-*/**',
      'website/config/buildChecks.fixtures/.docusaurus/**',
      'website/config/buildChecks.fixtures/build/**',
      'specs/dist/**',
      'e2e/results/**',
      'bench/results/**',
      // Stryker's working copies and reports (npm run mutate)
      '*/.stryker-tmp/**',
      '*/reports/**',
      // wrangler's working files (deploy/.wrangler/tmp)
      '**/.wrangler/**',
      // the Worker's build (deploy/src/build.ts)
      'deploy/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
  },
  {
    // One way in to a package: by its name, through its `exports` (ARCHITECTURE: each workspace is imported by
    // name), never by a relative path into another package's folder (`../../website/config/apis`). The rule finds
    // each file's package by its nearest package.json; the repository's root package holds e2e/, bench/ and
    // scripts/, which import the workspaces by name too.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: {'import-x': importX},
    settings: {'import-x/resolver-next': [createNodeResolver({extensions: ['.ts', '.tsx', '.mjs', '.js', '.json']})]},
    rules: {'import-x/no-relative-packages': 'error'},
  },
  {
    // Test helpers stay out of the product: what a package ships (its src/, the site's src/ and config/) never
    // imports a test's fixture. A helper is named `*.fixture.ts` or sits in a `fixtures/` or `test/` folder; tests
    // (`*.test.ts`), other helpers, e2e/, bench/ and test-utils/ may import them. Paths are matched as the
    // resolver finds them, so `@portal/sandbox/testing` (its `testing.fixture.ts`) is caught like a relative import.
    files: [
      '{specs/lib,content/src,sandbox/src,check/src,mcp/src,deploy/src,website/src,website/config}/**/*.{ts,tsx,mjs}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.{ts,tsx}', '**/fixtures/**', '**/*.typecheck.ts'],
    plugins: {'import-x': importX},
    settings: {'import-x/resolver-next': [createNodeResolver({extensions: ['.ts', '.tsx', '.mjs', '.js', '.json']})]},
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './**',
              from: ['./**/*.fixture.{ts,tsx}', './**/fixtures/**', './*/test/**'],
              message: 'a test helper (*.fixture.ts, fixtures/, test/) is for tests: product code cannot import it',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: {...globals.node, ...globals.commonjs}},
  },
  {
    files: ['website/src/**/*.tsx'],
    plugins: {react, 'react-hooks': reactHooks},
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
);
