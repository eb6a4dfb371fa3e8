// A schema made the first time it is used rather than when its module loads (DESIGN §10). The app loads the whole
// contract with its sync layer, and building its two hundred-odd zod schemas at once was one task of some 300 ms at 4x
// CPU right after the first screen, when only a few of them are needed; the server too builds each one when first used.

/**
 * Stands for the schema `make` builds, and builds it on first use (a parse, a property, `instanceof`): it can be
 * exported, put inside other schemas and inferred from (`z.infer<typeof X>`) exactly as the schema itself.
 */
export function lazySchema<T extends object>(make: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= make());
  return new Proxy(Object.create(null) as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    has: (_target, key) => Reflect.has(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
