import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineManifest, PACKS, sharePacks } from '../../../scripts/offline-packs.ts';
import { packFiles } from '../../../sw/manifest.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fichas-packs-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('sharePacks', () => {
  it('shares every file out once, into packs of about equal size', () => {
    const files = Array.from({ length: 20 }, (_, index) => ({ url: `assets/f${index}.js`, size: 1000 + index * 100 }));
    const packs = sharePacks(files, PACKS);
    expect(packs).toHaveLength(PACKS);
    expect(packs.flat().map((file) => file.url).sort()).toEqual(files.map((file) => file.url).sort());
    const sizes = packs.map((pack) => pack.reduce((sum, file) => sum + file.size, 0));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(Math.max(...files.map((file) => file.size)));
  });
  it('makes no empty pack for few files', () => {
    expect(sharePacks([{ url: 'a.js', size: 1 }], PACKS)).toEqual([[{ url: 'a.js', size: 1 }]]);
  });
});

describe('offlineManifest', () => {
  it('keeps the shell as it is, marks every other file lazy with its pack, and writes packs that hold each lazy text file', async () => {
    const dir = build({
      'index.html': '<script type="module" src="/assets/index-a.js"></script>',
      'assets/index-a.js': 'import "./shared-b.js";',
      'assets/shared-b.js': 'export const b = 1;',
      'assets/Faq-c.js': 'export default "faq";',
      'assets/Faq-c.css': '.faq{}',
      'credits.json': '{"packages":[]}',
      'icons/fichas-192.png': 'png',
    });
    const entries = ['index.html', 'assets/index-a.js', 'assets/shared-b.js', 'assets/Faq-c.js', 'assets/Faq-c.css', 'credits.json', 'icons/fichas-192.png'].map(
      (url) => ({ url, revision: url.includes('-') ? null : 'r', size: readFileSync(join(dir, url)).length }),
    );
    const manifest = await offlineManifest(dir, entries);
    const byUrl = new Map(manifest.map((entry) => [entry.url, entry]));
    for (const url of ['index.html', 'assets/index-a.js', 'assets/shared-b.js']) expect(byUrl.get(url)?.lazy, url).toBeUndefined();
    expect(byUrl.get('icons/fichas-192.png')).toMatchObject({ lazy: true });
    expect(byUrl.get('icons/fichas-192.png')?.in).toBeUndefined();
    const packs = manifest.filter((entry) => entry.pack !== undefined);
    expect(packs.length).toBeGreaterThan(0);
    const packed = new Map<string, { type: string; text: string; pack: number }>();
    for (const pack of packs) {
      expect(pack.url).toMatch(/^assets\/offline-pack-\d-[0-9a-f]{10}\.json$/);
      for (const file of packFiles(JSON.parse(readFileSync(join(dir, pack.url), 'utf8'))) ?? []) packed.set(file.path, { ...file, pack: pack.pack ?? -1 });
    }
    for (const url of ['assets/Faq-c.js', 'assets/Faq-c.css', 'credits.json']) {
      expect(byUrl.get(url)).toMatchObject({ lazy: true, in: packed.get(`/${url}`)?.pack });
      expect(packed.get(`/${url}`)?.text).toBe(readFileSync(join(dir, url), 'utf8'));
    }
    expect(packed.get('/assets/Faq-c.js')?.type).toMatch(/^text\/javascript/);
    expect(packed.get('/assets/Faq-c.css')?.type).toMatch(/^text\/css/);
    expect([...packed.keys()].sort()).toEqual(['/assets/Faq-c.css', '/assets/Faq-c.js', '/credits.json']);
  });
});
