import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      // wrangler's working files (sandbox/.wrangler/tmp)
      '**/.wrangler/**',
      // the Worker's build (sandbox/src/worker/build.ts)
      'sandbox/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {globals: {...globals.node, ...globals.browser}},
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
