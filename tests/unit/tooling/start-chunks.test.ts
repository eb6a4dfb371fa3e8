import { describe, expect, it } from 'vitest';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { addCompileHints } from '../../../scripts/start-chunks.ts';

/** A chunk as the bundler hands it to generateBundle, with only what the hints read. */
function chunk(fileName: string, facts: { entry?: boolean; name?: string; facade?: string; imports?: string[]; map?: boolean }): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name: facts.name ?? fileName.replace(/-\w+\.js$/, '').replace(/^assets\//, ''),
    isEntry: facts.entry ?? false,
    facadeModuleId: facts.facade ?? null,
    imports: facts.imports ?? [],
    code: `/* ${fileName} */ export {};`,
    map: facts.map ? { mappings: 'AAAA;AACA' } : null,
  } as unknown as OutputChunk;
}

function bundleOf(chunks: OutputChunk[]): OutputBundle {
  return Object.fromEntries(chunks.map((item) => [item.fileName, item])) as OutputBundle;
}

describe('the start path begins with V8’s compile hint', () => {
  const files = () =>
    bundleOf([
      chunk('assets/index-a1.js', { entry: true, imports: ['assets/react-b2.js'] }),
      chunk('assets/react-b2.js', {}),
      chunk('assets/App-c3.js', { facade: '/p/src/app/App.tsx', imports: ['assets/app-start-d4.js', 'assets/react-b2.js'] }),
      chunk('assets/app-start-d4.js', { name: 'app-start', map: true }),
      chunk('assets/Explore-e5.js', { facade: '/p/src/routes/Explore.tsx?x', imports: ['assets/explore-start-f6.js'] }),
      chunk('assets/explore-start-f6.js', { name: 'explore-start' }),
      chunk('assets/schemas-g7.js', {}),
      chunk('assets/GroupChat-h8.js', { facade: '/p/src/routes/GroupChat.tsx', imports: ['assets/schemas-g7.js'] }),
    ]);

  it('marks the entry, its imports, the start groups and their screens, and no lazy route or library chunk', () => {
    const bundle = files();
    expect(addCompileHints(bundle)).toEqual([
      'assets/App-c3.js',
      'assets/Explore-e5.js',
      'assets/app-start-d4.js',
      'assets/explore-start-f6.js',
      'assets/index-a1.js',
      'assets/react-b2.js',
    ]);
    const code = (file: string) => (bundle[file] as OutputChunk).code;
    expect(code('assets/index-a1.js').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(code('assets/GroupChat-h8.js')).not.toContain('allFunctionsCalledOnLoad');
    expect(code('assets/schemas-g7.js')).not.toContain('allFunctionsCalledOnLoad');
  });

  it('moves a source map one line down with the code, and marks a chunk once however many import it', () => {
    const bundle = files();
    addCompileHints(bundle);
    const start = bundle['assets/app-start-d4.js'] as OutputChunk;
    expect(start.map?.mappings).toBe(';AAAA;AACA');
    expect((bundle['assets/react-b2.js'] as OutputChunk).code.match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
  });
});
