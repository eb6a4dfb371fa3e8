/** The sync layer, loaded after the first paint (see sync/index.ts). */
export function loadSync() {
  return import('../sync/index.ts');
}
