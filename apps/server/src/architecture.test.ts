import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house rules of DESIGN §4 are lint rules (eslint.config.js). Each is shown here catching a planted
// violation, beside an import it must allow, so that a rule that stops matching fails this test.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  // The planted files exist only here, so type information is not asked for.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function refusals(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.message);
}

const cases: [string, string, string, RegExp | null][] = [
  // file, import, what it shows, the refusal expected (null: allowed)
  [
    'apps/server/src/modules/setup/setup.service.ts',
    '../../modules/email/email.repository',
    "another module's repository, by a path through modules/",
    /another module’s service, never its repository/,
  ],
  [
    'apps/server/src/modules/setup/setup.service.ts',
    '../email/email.repository',
    "another module's repository, as a sibling",
    /another module’s service, never its repository/,
  ],
  [
    'apps/server/src/modules/setup/setup.routes.ts',
    '../email/email.service',
    "another module's service",
    null,
  ],
  [
    'apps/server/src/modules/auth/auth.routes.ts',
    './auth.repository',
    'its own repository from a routes file',
    /Routes are HTTP only/,
  ],
  [
    'apps/server/src/modules/auth/auth.routes.ts',
    '../../plugins/form-only',
    'a plugin from a routes file',
    null,
  ],
  [
    'apps/server/src/modules/auth/auth.service.ts',
    '../../plugins/errors',
    'an HTTP plugin from a service',
    /know nothing of HTTP/,
  ],
  [
    'apps/server/src/modules/auth/auth.repository.ts',
    '../../plugins/access',
    'an HTTP plugin from a repository',
    /know nothing of HTTP/,
  ],
  ['apps/server/src/modules/auth/auth.service.ts', '../../errors', 'the shared errors from a service', null],
  [
    'apps/server/src/plugins/input-guard.ts',
    '../modules/auth/auth.service',
    'a module from a plugin',
    /never import modules/,
  ],
  [
    'apps/server/src/adapters/rate-limit/redis-rate-limiter.ts',
    '../../modules/email/email.service',
    'a module from an adapter',
    /never import modules/,
  ],
  [
    'apps/server/src/db/client.ts',
    '../modules/auth/auth.repository',
    'a module from db/',
    /never import modules/,
  ],
  ['apps/server/src/db/client.ts', '../plugins/errors', 'a plugin from db/', /bottom layer/],
  [
    'apps/server/src/jobs/index.ts',
    '../modules/auth/auth.repository',
    "a module's repository from a job",
    /through their services only/,
  ],
  ['apps/server/src/jobs/index.ts', '../modules/auth/auth.service', "a module's service from a job", null],
  ['apps/server/src/jobs/index.ts', '../plugins/errors', 'a plugin from a job', /no HTTP plugins/],
  [
    'apps/web/src/features/auth/components/SignInForm.tsx',
    '../../profile/api/get-profile',
    'one web feature from another',
    /never import each other/,
  ],
  ['apps/web/src/lib/format.ts', 'node:fs', 'Node from browser code', /no node:\* imports/],
  [
    'packages/shared/src/rules/email.ts',
    '../../../../apps/server/src/errors',
    'the apps from shared',
    /imports nothing from the apps/,
  ],
];

describe('the house rules, as lint rules', () => {
  it.each(cases)('%s importing %s (%s)', async (filePath, specifier, _what, expected) => {
    const messages = await refusals(filePath, specifier);
    if (expected === null) expect(messages).toEqual([]);
    else
      expect(
        messages.some((message) => expected.test(message)),
        messages.join('\n'),
      ).toBe(true);
  });
});
