import type { z } from 'zod';

/*
 * A plausible input for a contract schema, built from the schema itself, so that tests generated
 * from the route table (the fuzz test) can send every route something that passes validation and
 * reaches its handler, then spoil one field at a time.
 */

const STRING_CANDIDATES = [
  'fuzz',
  '1',
  'fuzz@test.example',
  'https://example.com/fuzz.png',
  '#FF7A45',
  '2026-01-01',
  '2026-01-01T00:00:00+09:00',
  'fuzz-password-2026',
];
const NUMBER_CANDIDATES = [1, 0, 10, 100];

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  defaultValue?: unknown;
  valueType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const passes = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const firstPassing = (schema: z.ZodType, candidates: unknown[]) => candidates.find((c) => passes(schema, c));

export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return undefined;
  switch (def.type) {
    case 'optional':
      return sampleOf(def.innerType!, depth + 1);
    case 'nullable':
      return null;
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional': {
      return sampleOf(def.innerType!, depth + 1);
    }
    case 'pipe': {
      const value = defOf(def.in!).type === 'unknown' ? sampleOf(def.out!, depth + 1) : sampleOf(def.in!, depth + 1);
      return passes(schema, value)
        ? value
        : (firstPassing(schema, [...STRING_CANDIDATES, ...NUMBER_CANDIDATES]) ?? value);
    }
    case 'transform':
      return undefined;
    case 'lazy':
      return undefined;
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleOf(field, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      if (passes(schema, [])) return [];
      return [sampleOf(def.element!, depth + 1)];
    }
    case 'record':
      return {};
    case 'union':
      for (const option of def.options ?? []) {
        const value = sampleOf(option, depth + 1);
        if (passes(option, value)) return value;
      }
      return sampleOf(def.options![0]!, depth + 1);
    case 'literal':
      return def.values![0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'string':
      return firstPassing(schema, STRING_CANDIDATES) ?? 'fuzz';
    case 'number':
      return firstPassing(schema, NUMBER_CANDIDATES) ?? 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** The leaves of a sample (path and value), to spoil one at a time; nested up to `maxDepth`. */
export function leavesOf(
  value: unknown,
  maxDepth = 4,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: unknown }[] {
  if (path.length >= maxDepth) return [{ path, value }];
  if (Array.isArray(value)) {
    return [{ path, value }, ...value.flatMap((item, index) => leavesOf(item, maxDepth, [...path, index]))];
  }
  if (value !== null && typeof value === 'object') {
    const nested = Object.entries(value).flatMap(([key, item]) => leavesOf(item, maxDepth, [...path, key]));
    return path.length === 0 ? nested : [{ path, value }, ...nested];
  }
  return [{ path, value }];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[head as number] = replaceAt(copy[head as number], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}
