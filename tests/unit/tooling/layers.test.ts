// The layer rules (.dependency-cruiser.mjs) reject every forbidden edge of the fixture tree with the rule it breaks,
// and the real tree passes them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const fixtures = join(root, 'tests/fixtures/layers');

/** Each fixture file and the rules it must break; a file not listed here is a stub that must pass. */
const EXPECTED: Record<string, string[]> = {
  'src/components/ImportsDbWithoutSpaces.tsx': ['ui-not-to-db'],
  'src/routes/TypeFromDb.tsx': ['ui-not-to-db'],
  'src/app/LazyLoadsSync.tsx': ['ui-not-to-sync'],
  'src/components/FetchesApi.tsx': ['ui-not-to-api'],
  'src/components/UsesDexieHooks.tsx': ['ui-not-to-dexie'],
  'src/routes/UsesKy.tsx': ['ui-not-to-transport'],
  'src/state/imports-component.ts': ['state-not-up'],
  'src/state/calls-api.ts': ['state-not-to-api'],
  'src/state/reexports-db.ts': ['state-not-reexport-lower'],
  'src/state/uses-react.ts': ['no-react-below-ui'],
  'src/state/uses-jotai-react.ts': ['no-react-below-ui'],
  'src/sync/reads-state.ts': ['sync-not-up'],
  'src/sync/imports-server.ts': ['src-not-to-server-or-sw'],
  'src/db/imports-sync.ts': ['db-not-up'],
  'src/db/uses-node-fs.ts': ['client-not-to-node'],
  'src/api/imports-db.ts': ['api-not-up'],
  'src/api/uses-dexie.ts': ['api-not-to-dexie'],
  'src/i18n/reads-state.ts': ['i18n-not-to-layers'],
  'src/lib/reads-db.ts': ['lib-pure'],
  'src/lib/uses-ky.ts': ['lib-no-io'],
  'src/lib/missing-import.ts': ['not-to-unresolvable'],
  'src/entry.tsx': ['entry-only-app'],
  'contract/uses-ky.ts': ['contract-only-zod'],
  'server/imports-src.ts': ['server-not-to-client'],
  'server/uses-react.ts': ['server-not-to-client-packages'],
  'sw/imports-api.ts': ['sw-only-entry-points'],
  'sw/imports-server.ts': ['sw-not-to-server'],
  'sw/uses-zod.ts': ['sw-small'],
};

/** State files that hand on a db type without `export … from`: eslint's rule for src/state/ rejects them. */
const ESLINT_EXPECTED = ['src/state/aliases-type-from-db.ts', 'src/state/lists-type-from-db.ts'];

async function check(baseDir: string, paths: string[]): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.mjs'));
  const result = await cruise(paths, { ...options, baseDir });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, expected a result');
  return result.output;
}

function violationsByFile(result: ICruiseResult): Record<string, string[]> {
  const byFile: Record<string, string[]> = {};
  for (const violation of result.summary.violations) (byFile[violation.from] ??= []).push(violation.rule.name);
  for (const rules of Object.values(byFile)) rules.sort();
  return byFile;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => /\.tsx?$/.test(entry))
    .map((entry) => relative(fixtures, join(dir, entry)));
}

describe('layer rules', () => {
  it('reject each forbidden edge of the fixtures with its rule, and nothing else', async () => {
    const result = await check(fixtures, ['src', 'sw', 'server', 'contract']);
    expect(violationsByFile(result)).toEqual(EXPECTED);
  });

  it('have a fixture for every rule, and every fixture file is accounted for', async () => {
    const options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.mjs'));
    const ruleNames = (options.ruleSet?.forbidden ?? []).map((rule) => rule.name).sort();
    expect([...new Set(Object.values(EXPECTED).flat())].sort()).toEqual(ruleNames);

    const stubs = ['src/db/instance.ts', 'src/sync/outbox.ts', 'src/api/client.ts', 'src/state/atoms.ts', 'src/components/Widget.tsx', 'server/app.ts'];
    expect(sourceFiles(fixtures).sort()).toEqual([...Object.keys(EXPECTED), ...ESLINT_EXPECTED, ...stubs].sort());
  });

  it('pass on the real tree', async () => {
    const result = await check(root, ['src', 'sw', 'server', 'contract']);
    expect(violationsByFile(result)).toEqual({});
    expect(result.summary.totalCruised).toBeGreaterThan(300);
  });

  it('reject a state module that hands on a db type by an alias or an export list (eslint)', async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of ESLINT_EXPECTED) {
      const [report] = await eslint.lintText(readFileSync(join(fixtures, file), 'utf8'), { filePath: join(root, file) });
      expect(report?.messages.map((message) => message.ruleId), file).toEqual(['no-restricted-syntax']);
    }
  });
});
