import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectCredits, serviceWorkerPackages, shippedCredits } from '../../../scripts/credits.ts';
import { groupByLicence, loadCredits } from '../../../src/components/faq/credits-data.ts';

const root = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
const temporary: string[] = [];

function writePackage(dir: string, pkg: Record<string, unknown>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
}

/** A small installed tree: nested versions, a legacy licence field, a shared dependency and a missing optional one. */
function fakeTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'credits-'));
  temporary.push(dir);
  const modules = join(dir, 'node_modules');
  writePackage(join(modules, 'app-lib'), {
    name: 'app-lib',
    version: '1.0.0',
    license: 'MIT',
    repository: { url: 'git+https://github.com/example/app-lib.git' },
    dependencies: { shared: '^2.0.0', helper: '^1.0.0' },
    optionalDependencies: { 'not-on-this-platform': '1.0.0' },
  });
  writePackage(join(modules, 'shared'), { name: 'shared', version: '2.1.0', license: { type: 'ISC' }, homepage: 'https://shared.example' });
  writePackage(join(modules, 'helper'), { name: 'helper', version: '1.2.0', licenses: [{ type: 'BSD-2-Clause' }], repository: 'example/helper', dependencies: { shared: '^3.0.0' } });
  // helper needs shared@3, installed under helper's own node_modules as npm does when versions conflict.
  writePackage(join(modules, 'helper', 'node_modules', 'shared'), { name: 'shared', version: '3.0.0', license: 'Apache-2.0' });
  writePackage(join(modules, '@scope', 'server-lib'), { name: '@scope/server-lib', version: '0.5.0', dependencies: { shared: '^2.0.0' } });
  writePackage(join(modules, 'odd-link'), { name: 'odd-link', version: '1.0.0', license: 'MIT', homepage: 'javascript:alert(1)' });
  writePackage(join(modules, 'dev-only'), { name: 'dev-only', version: '9.9.9', license: 'GPL-3.0' });
  return dir;
}

afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('collectCredits', () => {
  it('walks the production tree from the roots, each name and version once, with its licence and web address only when it is http(s)', () => {
    const credits = collectCredits(fakeTree(), ['app-lib', '@scope/server-lib', 'odd-link']);
    expect(credits).toEqual([
      { name: '@scope/server-lib', version: '0.5.0', license: 'UNKNOWN' },
      { name: 'app-lib', version: '1.0.0', license: 'MIT', url: 'https://github.com/example/app-lib' },
      { name: 'helper', version: '1.2.0', license: 'BSD-2-Clause', url: 'https://github.com/example/helper' },
      // A homepage that is not a web address gives no link.
      { name: 'odd-link', version: '1.0.0', license: 'MIT' },
      { name: 'shared', version: '2.1.0', license: 'ISC', url: 'https://shared.example' },
      { name: 'shared', version: '3.0.0', license: 'Apache-2.0' },
    ]);
  });

  it('groups the packages by licence with the most used licence first', () => {
    const groups = groupByLicence([
      { name: 'b', version: '1', license: 'MIT' },
      { name: 'c', version: '1', license: 'ISC' },
      { name: 'a', version: '1', license: 'MIT' },
    ]);
    expect(groups.map((group) => [group.license, group.packages.map((pkg) => pkg.name)])).toEqual([
      ['MIT', ['a', 'b']],
      ['ISC', ['c']],
    ]);
  });
});

describe('loading credits.json', () => {
  it('refuses an entry whose link is not a web address', async () => {
    const answer = [{ name: 'x', version: '1.0.0', license: 'MIT', url: 'javascript:alert(1)' }];
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));
    try {
      await expect(loadCredits()).rejects.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the credits of the real app', () => {
  it('list every production dependency and every package the service worker bundles, each with a licence', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const credits = shippedCredits(root);
    const names = new Set(credits.map((credit) => credit.name));
    for (const name of [...Object.keys(pkg.dependencies), 'workbox-precaching', 'workbox-routing']) {
      expect(names, name).toContain(name);
    }
    expect(serviceWorkerPackages(join(root, 'sw'))).toContain('workbox-precaching');
    // Transitive production dependencies are there too, and no development-only tool is.
    expect(names).toContain('scheduler');
    expect(names).not.toContain('vitest');
    expect(credits.filter((credit) => credit.license === 'UNKNOWN')).toEqual([]);
  });
});
