import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layerZones } from './scripts/layers.js';

const noStorage = {
  selector: "MemberExpression[object.name=/^(localStorage|sessionStorage)$/]",
  message: 'Use src/storage/local.ts: it owns the stored keys and survives corrupt values.',
};
const noIndexedDb = {
  selector: "Identifier[name='indexedDB']",
  message: 'Only src/offline/ touches IndexedDB.',
};
const noPostMessage = {
  selector: "CallExpression[callee.property.name='postMessage']",
  message: 'Only src/frames/ posts messages to frames.',
};
/** The modules that post messages to others than frames: the service worker, the portal's other tabs. */
const otherMessages = ['src/sw-client/register.ts', 'src/shared-device/channel.ts', 'src/outbox/channel.ts'];
const noFetch = {
  selector: "CallExpression[callee.name='fetch']",
  message: 'Only src/api/ (and the config loader) call fetch.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'packages/*/dist/**', 'dist-packages/**', 'tests/fixtures/**', 'dev-dist/**', 'node_modules/**', 'bench/out/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Framework-free logic: no React, no browser storage.
    files: ['src/gating/**/*.ts', 'src/catalogue/**/*.ts', 'src/config/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@ionic/*', 'react-router*'] }],
      'no-restricted-syntax': ['error', noStorage, noIndexedDb],
    },
  },
  {
    // Layers go one way (scripts/layers.ts) and no module imports itself back through another.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/test-support.ts', 'src/**/testing.ts', 'src/test-setup.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle reads the imported modules too: they are TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/storage/**', 'src/offline/**', 'src/frames/**', 'src/api/**', 'src/config/load.ts', ...otherMessages],
    rules: { 'no-restricted-syntax': ['error', noStorage, noIndexedDb, noPostMessage, noFetch] },
  },
  {
    // The service worker's module, the shared device's channel between tabs and the outbox's channel to
    // its other tabs and the worker post to them, never to a frame.
    files: otherMessages,
    rules: { 'no-restricted-syntax': ['error', noStorage, noIndexedDb, noFetch] },
  },
);
