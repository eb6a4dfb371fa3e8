// Fewer files on the start path. Left to automatic chunking, what the app and the Explore screen import at start is
// split over some forty small shared chunks (a module shared by two lazy chunks gets a chunk of its own). Every file
// is a request, and on a phone each request costs main-thread time even from the service worker's cache: about 7 ms
// per file at 4x CPU, some 300 ms before the first screen (measured with a CPU profile of a repeat visit; DESIGN §10).
// This groups, per lazy chunk that starts the app, the modules it imports statically (minus what the entry already
// has, and minus what an earlier group took) into one chunk beside it:
// - `app-start`: what src/app/App.tsx and the first start's session check import;
// - `explore-start`: what the Explore screen imports beyond that (other screens that share a module import it from
//   here, a few KB more on their first visit, none on a later one).
// Only static imports count, so a group holds nothing the screen would not have loaded at once anyway.
//
// The entry's own modules stay in the entry chunk, except the libraries lazy chunks import from it too: rolldown puts
// those in small chunks of their own (React with its JSX runtime, lingui's core, use-sync-external-store with
// lingui's React bindings: three requests on every start for 6.8 KB gzip). `start-shared` holds them in one file,
// which is also 0.7 KB smaller than the three.
//
// The files of the start path (the entry, what it imports, and these groups' chunks) also begin with V8's explicit
// compile hint, `//# allFunctionsCalledOnLoad` (Chrome 136+; other engines read a comment): V8 compiles all their
// functions while the file streams in, on a background thread, instead of pausing the main thread to compile each
// function the first time it runs. Module scripts get no code cache in Chromium, so without it every start pays that
// lazy compilation again (DESIGN §10: repeat visit and offline start; docs/decisions.md). Lazy route chunks keep V8's
// lazy compilation: much of a library there (zod, pusher-js) never runs.
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** [group name, the lazy chunks' own modules whose static imports it holds], in order: a module goes to the first. */
export const GROUPS: [string, RegExp[]][] = [
  ['app-start', [/\/src\/app\/App\.tsx$/, /\/src\/sync\/session-at-start\.ts$/]],
  ['explore-start', [/\/src\/routes\/Explore\.tsx$/]],
];

/** The entry's libraries that lazy chunks import as well (see above): the `start-shared` chunk. */
const ENTRY_SHARED = /\/node_modules\/(react|use-sync-external-store|@lingui\/core|@lingui\/react)\//;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/** `from` and every module it imports statically, through any depth. */
function staticClosure(graph: ModuleGraph, from: string[]): Set<string> {
  const found = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The chunks a start runs: each entry and what it imports statically, and each group's chunk with its lazy facade. */
function startPathChunks(bundle: OutputBundle): OutputChunk[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const facades = GROUPS.flatMap(([, starts]) => starts);
  const pending = chunks.filter(
    (chunk) =>
      chunk.isEntry ||
      GROUPS.some(([name]) => chunk.name === name) ||
      (chunk.facadeModuleId !== null && facades.some((pattern) => pattern.test(chunk.facadeModuleId?.split('?')[0] ?? ''))),
  );
  const found = new Set<OutputChunk>();
  for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
    if (found.has(chunk)) continue;
    found.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...found];
}

/** Puts the compile hint on line 1 of each start-path chunk (its source map moved one line down); returns their names. */
export function addCompileHints(bundle: OutputBundle): string[] {
  const chunks = startPathChunks(bundle);
  for (const chunk of chunks) {
    chunk.code = COMPILE_HINT + chunk.code;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  }
  return chunks.map((chunk) => chunk.fileName).sort();
}

export function startChunksPlugin(): Plugin {
  /** module id -> its group's name, filled once the module graph is known (buildEnd), read when chunks are made. */
  const groupOf = new Map<string, string>();
  return {
    name: 'fichas-start-chunks',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Each group is exactly a set of modules worked out below: their dependencies are in it or in the entry.
                groups: [{ name: (id: string) => groupOf.get(id) ?? null, includeDependenciesRecursively: false }],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      groupOf.clear();
      const ids = [...this.getModuleIds()];
      const taken = staticClosure(
        this,
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
      );
      const shared = [...taken].filter((id) => ENTRY_SHARED.test(id));
      if (shared.length === 0) this.error('start-chunks: none of the entry shared libraries (ENTRY_SHARED) is imported at start');
      for (const id of shared) groupOf.set(id, 'start-shared');
      for (const [name, starts] of GROUPS) {
        const own = ids.filter((id) => starts.some((pattern) => pattern.test(id.split('?')[0] ?? id)));
        if (own.length !== starts.length) this.error(`start-chunks: ${name} expects ${starts.length} modules, found ${own.length}`);
        for (const id of staticClosure(this, own)) {
          // The lazy chunks' own modules stay the chunks their dynamic imports load.
          if (taken.has(id) || own.includes(id)) continue;
          taken.add(id);
          groupOf.set(id, name);
        }
        for (const id of own) taken.add(id);
      }
    },
    // After Vite's own generateBundle work (its preload list is written at the top of a chunk), so the hint is line 1.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
      },
    },
  };
}
