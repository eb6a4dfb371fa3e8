import { z } from 'zod';

// Values generated from a contract schema (through its JSON Schema), for tests that hold a hand-written check to the
// schema it stands in for (the worker's and the first start's, which cannot load zod) and for the security suite's
// hostile bodies. Generated, not written out: a field added to or renamed in the schema shows up in the samples by
// itself, so a hand check that did not follow it fails its test.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A plausible value: every property filled (optional ones too), the first of each choice. */
export function plausible(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if ('const' in schema) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausible(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, plausible(value)]));
    case 'array':
      return [plausible(schema.items)];
    case 'number':
    case 'integer':
      return 100;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'abc';
  }
}

/** Every value the schema names for a field: each enum value, each branch of a choice. */
function choices(schema: JsonSchema): unknown[] {
  if (schema.enum) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((branch) => choices(branch));
  return [plausible(schema)];
}

const WRONG_VALUES: unknown[] = [7, 'texto', null, true, {}, []];

/**
 * The plausible value, then variants of it one field at a time (nested objects too): each value the schema allows
 * there, a value of each wrong type, and the field left out. Some are valid, most are not: a hand check must accept
 * and refuse exactly what the schema does.
 */
export function samplesOf(schema: z.ZodType): unknown[] {
  const root = jsonSchemaOf(schema);
  const samples: unknown[] = [plausible(root)];
  const walk = (node: JsonSchema, path: string[]) => {
    for (const [key, field] of Object.entries(node.properties ?? {})) {
      const at = [...path, key];
      for (const value of [...choices(field), ...WRONG_VALUES]) samples.push(replaced(plausible(root), at, { value }));
      samples.push(replaced(plausible(root), at, null));
      const objectBranch = [field, ...(field.anyOf ?? []), ...(field.oneOf ?? [])].find((candidate) => candidate.properties);
      if (objectBranch) walk(objectBranch, at);
    }
  };
  walk(root, []);
  return samples;
}

/** `base` with the value at `path` replaced (or removed when `change` is null); objects on the way are filled in. */
function replaced(base: unknown, path: string[], change: { value: unknown } | null): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return change?.value;
  const record = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  if (rest.length === 0 && change === null) delete record[key];
  else record[key] = replaced(record[key], rest, change);
  return record;
}
