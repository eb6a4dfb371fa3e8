// The repository explains itself: README.md and docs/ link only to files inside the repository that exist (and to
// headings that exist in them), and name nothing a fresh clone does not have; the same holds for the comments of the
// code, which also cite no issue tracker. Each failure is printed as `file:line: text (what is wrong)`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.md'))
    .map((entry) => join(root, 'docs', entry));
  return [join(root, 'README.md'), ...docs];
}

/** The text outside fenced code blocks. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** Heading anchors as GitHub makes them: lowercase, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = (heading ?? '')
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .trim()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  const text = readFileSync(file, 'utf8');
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!target || /^(https?:|mailto:)/.test(target)) continue;
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const resolved = path ? resolve(dirname(file), path) : file;
    const where = `${relative(root, file)} -> ${target}`;
    if (relative(root, resolved).startsWith('..')) problems.push(`${where}: outside the repository`);
    else if (!existsSync(resolved)) problems.push(`${where}: no such file`);
    else if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${where}: no such heading`);
    }
  }
  return problems;
}

describe('README and docs', () => {
  it('link only to files and headings inside the repository', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it('name no file outside the repository', () => {
    const outside = /\.\.\/shared|\bSPEC\.md|\bDESIGN\.md|notes\/protocols/;
    const hits = markdownFiles().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (outside.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('explain the section numbers that code comments cite', () => {
    const numbered = (file: string) =>
      [...readFileSync(join(root, 'docs', file), 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map(([, number]) => number);
    const product = readFileSync(join(root, 'docs/product.md'), 'utf8');
    for (let section = 1; section <= 9; section += 1) expect(product).toContain(`| SPEC §${section} |`);
    expect(numbered('product.md')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(numbered('architecture.md')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    expect(numbered('protocols.md')).toEqual([
      '1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2', '2.1', '2.2', '2.3', '2.4',
      '3', '3.1', '3.2', '3.3', '3.4', '4', '4.1', '4.2', '4.3', '4.4', '4.5', '4.6',
    ]);
  });
});

// What README, docs/ and the code's comments name must exist, and they say why in the product's own terms: a path, a
// module a comment names relative to its own folder, a section (DESIGN §n, SPEC §n, protocols §n.m), an npm command.
// No issue numbers or trackers (the reason is written out instead), and no figure that holds on one build machine only.
const codeFolders = ['src', 'sw', 'server', 'contract', 'tests', 'scripts'];
const rootCode = [
  'vite.config.ts', 'vitest.config.ts', 'playwright.config.ts', 'lingui.config.ts', 'eslint.config.js', '.dependency-cruiser.mjs',
];
const skipped = new Set(['node_modules', 'dist', 'data', 'test-results', '.git']);

function walk(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = `${folder}/${entry.name}`;
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const codeFiles = (): string[] => [...codeFolders.flatMap(walk).filter((file) => /\.(ts|tsx|mjs|css)$/.test(file)), ...rootCode];

interface Line { file: string; line: number; text: string }

/** Every comment of a source file, one entry per line, found by TypeScript's own parser (never inside a string); CSS's by its one form. */
function commentLines(file: string): Line[] {
  const text = readFileSync(join(root, file), 'utf8');
  if (file.endsWith('.css')) {
    const blocks = [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({ pos: match.index, end: match.index + match[0].length }));
    return linesOf(file, text, blocks);
  }
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    const around = [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])];
    for (const range of around) ranges.set(range.pos, range);
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return linesOf(file, text, [...ranges.values()]);
}

function linesOf(file: string, text: string, ranges: { pos: number; end: number }[]): Line[] {
  return ranges.flatMap((range) => {
    const first = text.slice(0, range.pos).split('\n').length;
    return text
      .slice(range.pos, range.end)
      .split('\n')
      .map((line, index) => ({ file, line: first + index, text: line.trim() }));
  });
}

function docLines(): Line[] {
  return markdownFiles().flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .map((text, index) => ({ file: relative(root, path), line: index + 1, text: text.trim() })),
  );
}

const where = ({ file, line, text }: Line) => `${file}:${line}: ${text}`;

/** A repository path: starts with a top folder, ends in a name; not part of a URL or an API route (no `/` before it). */
const repositoryPath = /(?<![\w./@:-])((?:src|sw|server|contract|tests|docs|scripts|locales|public)\/[\w.\-/]*\w)/g;
/** A module named relative to the file's own folder. */
const relativeModule = /(?<![\w./-])(\.\.?\/[\w.\-/]*\.(?:ts|tsx|mjs|js|css|json))\b/g;

/** A file named by itself or by its path inside a folder (`sw.ts`, `sync/outbox/sender.ts`, `api/betting.md`). */
const fileName = /(?<![\w./@:~$-])((?:[\w-]+\/)*[\w-][\w.-]*\.(?:ts|tsx|mjs|md|po|css|json|html))(?![\w/(])/g;
/** `x.ts`, `../routes/Y.tsx`, `PascalCase.tsx`: names that stand for any file of a kind. */
const placeholder = /(?:^|\/)(?:\w|PascalCase|kebab-case)\.\w+$/;
/** What the build (`dist/`) or the running server (`data/`) writes: no clone has it. */
const written = /^(?:dist|data)\/|^credits\.json$/;
const topFolder = /^(?:src|sw|server|contract|tests|docs|scripts|locales|public)\//;
const repositoryFiles = ['.', ...codeFolders, 'docs', 'locales', 'public'].flatMap((folder) =>
  folder === '.' ? readdirSync(root).filter((name) => statSync(join(root, name)).isFile()) : walk(folder),
);

function deadPaths(line: Line, relativeTo?: string): string[] {
  const dead = [...line.text.matchAll(repositoryPath)].map(([, path]) => path ?? '').filter((path) => !existsSync(join(root, path)));
  for (const [, name] of line.text.matchAll(fileName)) {
    if (!name || placeholder.test(name) || written.test(name) || topFolder.test(name)) continue;
    if (!repositoryFiles.some((file) => file === name || file.endsWith(`/${name}`))) dead.push(name);
  }
  if (relativeTo !== undefined) {
    for (const [, module] of line.text.matchAll(relativeModule)) {
      if (module && !placeholder.test(module) && !existsSync(resolve(root, relativeTo, module))) dead.push(module);
    }
  }
  return dead.map((path) => `${where(line)} (${path})`);
}

function numberedSections(file: string): Set<string> {
  return new Set([...readFileSync(join(root, 'docs', file), 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map(([, n]) => n ?? ''));
}

const sections: Record<string, Set<string>> = {
  design: numberedSections('architecture.md'),
  spec: new Set([...readFileSync(join(root, 'docs/product.md'), 'utf8').matchAll(/^\| SPEC §(\d+) \|/gm)].map(([, n]) => n ?? '')),
  protocols: numberedSections('protocols.md'),
};
const sectionOf: Record<string, keyof typeof sections> = {
  design: 'design', 'architecture.md': 'design', spec: 'spec', 'product.md': 'spec', protocols: 'protocols', 'protocols.md': 'protocols',
};
/** `DESIGN §10`, `SPEC §2, §4 and §6`, `protocols §1.5`, `product.md §9`, `DESIGN §1–§11`. */
const sectionReference = /\b(DESIGN|SPEC|protocols|product\.md|architecture\.md|protocols\.md)\s*§(\d+(?:\.\d+)?)((?:\s*(?:,|and|or|–|-)\s*§\d+(?:\.\d+)?)*)/gi;

function unknownSections(line: Line): string[] {
  return [...line.text.matchAll(sectionReference)].flatMap(([, name, first, rest]) => {
    const known = sections[sectionOf[(name ?? '').toLowerCase()] ?? 'design'];
    const numbers = [first ?? '', ...[...(rest ?? '').matchAll(/§(\d+(?:\.\d+)?)/g)].map(([, n]) => n ?? '')];
    return numbers.filter((n) => !known?.has(n)).map((n) => `${where(line)} (${name} §${n})`);
  });
}

/** `docs/decisions.md "Data saver"`, `api/social.md "Reports"`: a page's heading or bold lead-in, cited by its first words. */
const headingReference = /(?<![\w.-])(?:docs\/)?((?:api\/)?[\w-]+\.md)[,:]?\s+"([^"]+)"/g;

function headings(page: string): string[] {
  const path = page === 'README.md' ? join(root, page) : join(root, 'docs', page);
  if (!existsSync(path)) return [];
  const text = prose(readFileSync(path, 'utf8'));
  return [...text.matchAll(/^#{1,6}\s+(.+)$/gm), ...text.matchAll(/\*\*([^*]+)\*\*/g)].map(([, heading]) =>
    (heading ?? '').replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').trim().toLowerCase(),
  );
}

function unknownHeadings(line: Line): string[] {
  return [...line.text.matchAll(headingReference)]
    .filter(([, page, heading]) => !headings(page ?? '').some((known) => known.startsWith((heading ?? '').toLowerCase())))
    .map(([, page, heading]) => `${where(line)} (${page} "${heading}")`);
}

const scripts = new Set(Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts));

function unknownCommands(line: Line): string[] {
  const named = [
    ...[...line.text.matchAll(/\bnpm run ([\w:.-]*[\w])/g)].map(([, name]) => name ?? ''),
    ...[...line.text.matchAll(/\bnpm (test|start)\b/g)].map(([, name]) => name ?? ''),
  ];
  return named.filter((name) => !scripts.has(name)).map((name) => `${where(line)} (npm ${name})`);
}

/** An issue number, a tracker, or a figure of one build machine: none says why to a reader of this repository. */
const elsewhere = new RegExp(
  [
    /\bissues?\s+(?:#?\d+|["“])/, // an issue cited by its number or its quoted title
    /\bsecurity issue\b|\bthe house, \w+ pass\b/, // an issue by its title
    /\bitems? \d+\b/, // one item of an issue
    /\b(?:discussion|pull request|PR|bug)\s+#\d+|github\.com\/[^\s)]+\/(?:issues|pull)\b|\bjira\b/, // trackers
    /\bth(?:is|ese) machines?\b|\bthe machines have\b|\b(?:\d+|two|four|eight)[ -](?:CPU[ -])?cores?\b/, // one machine
  ]
    .map((pattern) => pattern.source)
    .join('|'),
  'i',
);

describe('the checks below', () => {
  const line = (text: string): Line => ({ file: 'sw/example.ts', line: 1, text });

  it('find what they are for, and leave API routes, URLs and placeholders alone', () => {
    expect(deadPaths(line('// from workbox-window in src/app/sw-updates.ts'), 'sw')).toHaveLength(1);
    expect(deadPaths(line('// the page sends it (api/batch.ts)'), 'sw')).toHaveLength(1);
    expect(deadPaths(line('// as ../src/app/gone.ts does'), 'sw')).toHaveLength(1);
    expect(deadPaths(line('// GET /api/client/public/config, https://example.com/src/x.ts, ../routes/Y.tsx'), 'sw')).toEqual([]);
    expect(deadPaths(line('// sw/sw.ts, src/sync/outbox/sender.ts, ./push-click.ts, outbox-drain.ts'), 'sw')).toEqual([]);
    expect(unknownSections(line('// DESIGN §12, SPEC §2 and §10, protocols §1.7'))).toHaveLength(3);
    expect(unknownSections(line('// DESIGN §1–§11, SPEC §2, §4 and §9, protocols §4.6'))).toEqual([]);
    expect(unknownHeadings(line('// docs/security.md "Headers", docs/decisions.md "Data saver"'))).toHaveLength(1);
    expect(unknownCommands(line('// npm run nope, npm run bench, npm test'))).toHaveLength(1);
    for (const text of ['(issue 16)', 'Issue 10 items 1, 6', 'security issue item 3', 'on this machine', 'a 2-core box', 'discussion #2657']) {
      expect(elsewhere.test(text), text).toBe(true);
    }
    expect(elsewhere.test('the outbox batch holds up to 25 items, on one machine')).toBe(false);
  });

  it('read the comments of every kind of source file', () => {
    const found = (file: string, words: string) => commentLines(file).some((comment) => comment.text.includes(words));
    expect(found('sw/sw.ts', 'A new version waits')).toBe(true);
    expect(found('src/components/betting/SlipView.tsx', 'the stale-slip check')).toBe(true);
    expect(found('src/components/stale/stale.css', 'The stale-slip check')).toBe(true);
    expect(found('scripts/dev.mjs', 'npm run dev')).toBe(true);
    expect(commentLines('contract/limits.ts').some((comment) => comment.text.includes('1_000_000'))).toBe(false);
  });
});

// The same four checks hold for the code's comments (a relative path is read from the comment's folder) and for the
// README and docs (from the repository's root).
const proseSources: { name: string; lines: () => (Line & { folder?: string })[] }[] = [
  { name: 'comments in the code', lines: () => codeFiles().flatMap((file) => commentLines(file).map((line) => ({ ...line, folder: dirname(file) }))) },
  { name: 'README and docs, beyond their links', lines: docLines },
];

for (const { name, lines: linesOf } of proseSources) {
  describe(name, () => {
    const lines = linesOf();

    it('name only paths and modules that exist', () => {
      expect(lines.flatMap((line) => deadPaths(line, line.folder))).toEqual([]);
    });

    it('cite only sections and headings that exist', () => {
      expect(lines.flatMap((line) => [...unknownSections(line), ...unknownHeadings(line)])).toEqual([]);
    });

    it('name only npm scripts that package.json has', () => {
      expect(lines.flatMap(unknownCommands)).toEqual([]);
    });

    it('cite no issue number, tracker or build machine', () => {
      expect(lines.filter((line) => elsewhere.test(line.text)).map(where)).toEqual([]);
    });
  });
}
