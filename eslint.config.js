import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const subfolders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const noNodeBuiltins = {
  group: ['node:*'],
  message: 'This code also runs in the browser: no node:* imports.',
};
const noServerCode = {
  group: ['**/apps/server/**', '@platform/server'],
  message: 'The web app never imports server code.',
};

// DESIGN §4 boundaries, as lint rules (apps/server/src/architecture.test.ts plants a violation of each):
// a server module may use another module's service, never its repository or other internals, by any
// path; routes reach the database only through their service; services and repositories know nothing
// of HTTP plugins; plugins, adapters and db/ never import modules; jobs use services only; web features
// never import each other; packages/shared imports nothing from the apps.
const serverModules = subfolders('apps/server/src/modules');
const otherModulesInternals = (name) =>
  serverModules
    .filter((other) => other !== name)
    .map((other) => ({
      regex: `^(?:\\.\\./|.*/modules/)${escape(other)}/(?!${escape(other)}\\.service$)`,
      message: 'A module may call another module’s service, never its repository or internals.',
    }));
const noRepositoryInRoutes = {
  regex: '\\.repository$',
  message: 'Routes are HTTP only: they call their service, which owns the queries.',
};
const noHttpPlugins = {
  group: ['**/plugins/**'],
  message: 'Services and repositories know nothing of HTTP: errors come from src/errors.ts.',
};
const noModules = {
  group: ['**/modules/**'],
  message: 'Plugins, adapters and the database layer never import modules.',
};
const restrictImports = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const serverModuleBoundaries = serverModules.flatMap((name) => {
  const folder = `apps/server/src/modules/${name}`;
  return [
    restrictImports([`${folder}/**/*.ts`], otherModulesInternals(name)),
    restrictImports([`${folder}/**/*.routes.ts`], [...otherModulesInternals(name), noRepositoryInRoutes]),
    restrictImports(
      [`${folder}/**/*.service.ts`, `${folder}/**/*.repository.ts`, `${folder}/use-cases/**/*.ts`],
      [...otherModulesInternals(name), noHttpPlugins],
    ),
  ];
});
const serverLayerBoundaries = [
  restrictImports(['apps/server/src/plugins/**/*.ts', 'apps/server/src/adapters/**/*.ts'], [noModules]),
  restrictImports(
    ['apps/server/src/db/**/*.ts'],
    [
      noModules,
      {
        group: ['**/plugins/**', '**/adapters/**', '**/jobs/**'],
        message: 'The database layer is the bottom layer: it imports nothing of the server above it.',
      },
    ],
  ),
  restrictImports(
    ['apps/server/src/jobs/**/*.ts'],
    [
      {
        regex: '(?:^|/)modules/[^/]+/(?![^/]+\\.service$)',
        message: 'Jobs call modules through their services only.',
      },
      { group: ['**/plugins/**'], message: 'Jobs run outside any request: no HTTP plugins.' },
    ],
  ),
];

const webFeatures = subfolders('apps/web/src/features');
const webFeatureBoundaries = webFeatures.map((name) => ({
  files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noNodeBuiltins,
          noServerCode,
          {
            regex: `^(\\.{1,2}/)+(features/)?(${webFeatures
              .filter((other) => other !== name)
              .map(escape)
              .join('|')})(/|$)`,
            message: 'Web features never import each other: compose them in app/.',
          },
        ],
      },
    ],
  },
}));

// Use cases stay short (ADR 035): no shipped source file over 400 lines and no function over 80, blank
// lines and comments not counted. A React component is held to the file's limit only, since its body is
// mostly its markup. Tests and the test harness are exempt, and so is what ADR 035 names: the invoice's
// PDF layout (a page drawn top to bottom).
const MAX_FILE_LINES = ['error', { max: 400, skipBlankLines: true, skipComments: true }];
const MAX_FUNCTION_LINES = ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }];
const SIZE_EXEMPT = [
  '**/*.test.{ts,tsx}',
  '**/*.access-cases.ts',
  'apps/server/src/test/**',
  'apps/web/src/test/**',
  'apps/server/src/modules/*/invoice-document.ts',
];
const sizeLimits = [
  {
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts', 'apps/web/src/**/*.ts'],
    ignores: SIZE_EXEMPT,
    rules: { 'max-lines': MAX_FILE_LINES, 'max-lines-per-function': MAX_FUNCTION_LINES },
  },
  { files: ['apps/web/src/**/*.tsx'], ignores: SIZE_EXEMPT, rules: { 'max-lines': MAX_FILE_LINES } },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-e2e/**',
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
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNodeBuiltins,
            {
              group: ['**/apps/**', '@platform/server', '@platform/web'],
              message: 'packages/shared imports nothing from the apps.',
            },
          ],
        },
      ],
    },
  },
  ...serverLayerBoundaries,
  ...serverModuleBoundaries,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    // Build tooling (Vite plugins) runs in Node, not in the browser.
    ignores: ['apps/web/build/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNodeBuiltins,
            {
              group: ['**/apps/server/**', '@platform/server'],
              message: 'The web app never imports server code.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatureBoundaries,
  ...sizeLimits,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
