import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A screen (src/routes) composes components, reads atoms and calls actions (docs/architecture.md §2); past 150 lines
// it is holding a form's or a chat's wiring that belongs in a component or a hook.

const ROUTES = new URL('../../../src/routes/', import.meta.url).pathname;
const MAX_LINES = 150;

describe('screens', () => {
  it(`stay under ${MAX_LINES} lines each`, () => {
    const long = readdirSync(ROUTES)
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => ({ name, lines: readFileSync(join(ROUTES, name), 'utf8').split('\n').length }))
      .filter((file) => file.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
