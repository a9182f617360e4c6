import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const subfolders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

// DESIGN §4 boundaries: a server module may use another module's service, never its repository;
// plugins and adapters never import modules; web features never import each other.
const serverModuleZones = subfolders('apps/server/src/modules').map((name) => ({
  target: `./apps/server/src/modules/${name}`,
  from: './apps/server/src/modules',
  except: [
    `./${name}`,
    ...subfolders('apps/server/src/modules')
      .filter((other) => other !== name)
      .map((other) => `./${other}/${other}.service.ts`),
  ],
  message: 'A module may call another module’s service, never its repository or internals.',
}));
const webFeatureZones = subfolders('apps/web/src/features').map((name) => ({
  target: `./apps/web/src/features/${name}`,
  from: './apps/web/src/features',
  except: [`./${name}`],
  message: 'Web features never import each other: compose them in app/.',
}));
const boundaryZones = [
  ...serverModuleZones,
  ...webFeatureZones,
  {
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    message: 'Plugins never import modules.',
  },
  {
    target: './apps/server/src/adapters',
    from: './apps/server/src/modules',
    message: 'Adapters never import modules.',
  },
  { target: './packages/shared', from: './apps', message: 'packages/shared imports nothing from the apps.' },
  { target: './apps/web', from: './apps/server', message: 'The web app never imports server code.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports web code.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['node:*'], message: 'packages/shared is universal code: no node:* imports.' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The web app runs in the browser: no node:* imports.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
