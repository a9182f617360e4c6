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
    'apps/server/src/modules/payments/use-cases/approve-payment.ts',
    '../../../plugins/errors',
    'an HTTP plugin from a use case',
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
    'apps/web/src/features/common-auth/components/SignInForm.tsx',
    '../../common-profile/api/get-profile',
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

// The size limits of ADR 035, shown on planted files: what is over them is refused where they hold, and
// let through where ADR 035 exempts it.
const sizes = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId.startsWith('max-lines'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

const lines = (count: number) =>
  Array.from({ length: count }, (_, index) => `  total += ${index};`).join('\n');
const functionOf = (count: number) =>
  `export function settle(total: number) {\n${lines(count - 3)}\n  return total;\n}\n`;
const fileOf = (count: number) =>
  Array.from({ length: count }, (_, index) => `export const value${index} = ${index};`).join('\n') + '\n';

async function sizeRefusals(filePath: string, text: string): Promise<string[]> {
  const [result] = await sizes.lintText(text, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the size limits, as lint rules', () => {
  it('refuses a use case of more than 80 lines, and takes one of 80', async () => {
    const path = 'apps/server/src/modules/payments/use-cases/settle.ts';
    expect(await sizeRefusals(path, functionOf(81))).toEqual(['max-lines-per-function']);
    expect(await sizeRefusals(path, functionOf(80))).toEqual([]);
  });

  it('refuses a source file of more than 400 lines, in the server, the shared package and the web app', async () => {
    for (const path of [
      'apps/server/src/modules/payments/payments.repository.ts',
      'packages/shared/src/contracts/payment.ts',
      'apps/web/src/features/console-campaigns/components/CampaignForm.tsx',
    ]) {
      expect(await sizeRefusals(path, fileOf(401)), path).toEqual(['max-lines']);
      expect(await sizeRefusals(path, fileOf(400)), path).toEqual([]);
    }
  });

  it('exempts tests, the test harness and the invoice’s PDF layout', async () => {
    for (const path of [
      'apps/server/src/modules/payments/payments.test.ts',
      'apps/server/src/test/factories.ts',
      'apps/server/src/modules/payments/invoice-document.ts',
    ]) {
      expect(await sizeRefusals(path, fileOf(401) + functionOf(90)), path).toEqual([]);
    }
  });
});
