// Fewer files on the start path. Left to automatic chunking, what the app and the Explore screen import at start is
// split over some forty small shared chunks (a module shared by two lazy chunks gets a chunk of its own). Every file
// is a request, and on a phone each request costs main-thread time even from the service worker's cache: about 7 ms
// per file at 4x CPU, some 300 ms before the first screen (issue 16, measured with a CPU profile of a repeat visit).
// This groups, per lazy chunk that starts the app, the modules it imports statically (minus what the entry already
// has, and minus what an earlier group took) into one chunk beside it:
// - `app-start`: what src/app/App.tsx and the first start's session check import;
// - `explore-start`: what the Explore screen imports beyond that (other screens that share a module import it from
//   here, a few KB more on their first visit, none on a later one).
// Only static imports count, so a group holds nothing the screen would not have loaded at once anyway.
import type { Plugin } from 'vite';

/** [group name, the lazy chunks' own modules whose static imports it holds], in order: a module goes to the first. */
const GROUPS: [string, RegExp[]][] = [
  ['app-start', [/\/src\/app\/App\.tsx$/, /\/src\/sync\/session-start\.ts$/]],
  ['explore-start', [/\/src\/routes\/Explore\.tsx$/]],
];

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
  };
}
