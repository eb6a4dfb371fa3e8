// The repository explains itself: README.md and docs/ link only to files inside the repository that exist (and to
// headings that exist in them), and name nothing a fresh clone does not have.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
