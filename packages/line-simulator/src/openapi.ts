/**
 * Loads LINE's OpenAPI description and builds an openapi-backend instance that routes and
 * validates every Messaging API request against it.
 *
 * LINE's files describe polymorphism with `discriminator.mapping` on a base schema whose
 * sub-schemas `allOf` the base (e.g. `Message` -> `TextMessage`). Ajv does not interpret that
 * pattern, so without help a text message without `text` would pass. `expandDiscriminators`
 * rewrites the document mechanically (no hand-copied rules): every base schema with a mapping
 * becomes "base properties AND type in mapping keys AND if type=k then the mapped schema".
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend } from 'openapi-backend';
import type { Document, Operation, Request as OpenApiRequest, ValidationResult } from 'openapi-backend';
import { parse as parseYaml } from 'yaml';

type ErrorObject = NonNullable<ValidationResult['errors']>[number];
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const here = path.dirname(fileURLToPath(import.meta.url));
/** LINE's OpenAPI files, kept in the package with LINE's licence (see `openapi/SOURCE`). */
export const DEFAULT_OPENAPI_DIR = path.resolve(here, '../openapi');
export const DEFAULT_MESSAGING_API_PATH = path.join(DEFAULT_OPENAPI_DIR, 'messaging-api.yml');
export const DEFAULT_WEBHOOK_PATH = path.join(DEFAULT_OPENAPI_DIR, 'webhook.yml');
export const DEFAULT_INSIGHT_PATH = path.join(DEFAULT_OPENAPI_DIR, 'insight.yml');

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Rewrites OpenAPI `discriminator.mapping` polymorphism into plain JSON Schema (see file comment). */
export function expandDiscriminators(doc: JsonObject): JsonObject {
  const components = doc['components'];
  if (!isObject(components)) return doc;
  const schemas = components['schemas'];
  if (!isObject(schemas)) return doc;
  const refOf = (name: string) => `#/components/schemas/${name}`;
  const bases = Object.entries(schemas).filter(
    ([, s]) => isObject(s) && isObject(s['discriminator']) && isObject(s['discriminator']['mapping']),
  );
  for (const [name, schema] of bases) {
    if (!isObject(schema)) continue;
    const { discriminator, ...rest } = schema;
    if (!isObject(discriminator)) continue;
    const propertyName = String(discriminator['propertyName']);
    const mapping = discriminator['mapping'] as Record<string, string>;
    const baseName = `${name}__discriminatorBase`;
    schemas[baseName] = rest;
    for (const target of Object.values(mapping)) {
      const targetName = target.split('/').pop() ?? '';
      const targetSchema = schemas[targetName];
      if (!isObject(targetSchema) || !Array.isArray(targetSchema['allOf'])) continue;
      targetSchema['allOf'] = targetSchema['allOf'].map((part) =>
        isObject(part) && part['$ref'] === refOf(name) ? { $ref: refOf(baseName) } : part,
      );
    }
    schemas[name] = {
      allOf: [
        { $ref: refOf(baseName) },
        { properties: { [propertyName]: { enum: Object.keys(mapping) } } },
        ...Object.entries(mapping).map(([value, target]) => ({
          if: { properties: { [propertyName]: { const: value } }, required: [propertyName] },
          then: { $ref: target },
        })),
      ],
    };
  }
  return doc;
}

export function loadOpenApiDocument(file: string): JsonObject {
  const parsed: unknown = parseYaml(readFileSync(file, 'utf8'));
  if (!isObject(parsed)) throw new Error(`${file} is not an OpenAPI document`);
  return expandDiscriminators(parsed);
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUri(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol.length > 1;
  } catch {
    return false;
  }
}

const backends = new Map<string, Promise<OpenAPIBackend>>();

/**
 * One initialised backend per file (they are stateless, so simulators share them; compiling the
 * validators is the expensive part). Formats the YAML uses but openapi-backend does not ship
 * (`uuid`, `uri`, `date-time`) are registered here.
 */
export function openApiBackend(file: string): Promise<OpenAPIBackend> {
  const key = path.resolve(file);
  let backend = backends.get(key);
  if (!backend) {
    backend = (async () => {
      const api = new OpenAPIBackend({
        definition: loadOpenApiDocument(key) as unknown as Document,
        strict: true,
        quick: true,
        validate: true,
        ajvOpts: { allErrors: true, verbose: true, strict: false },
        customizeAjv: (ajv) => {
          ajv.addFormat('uuid', UUID_RE);
          ajv.addFormat('uri', isUri);
          ajv.addFormat('date-time', (v: string) => !Number.isNaN(Date.parse(v)));
          ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
          return ajv;
        },
      });
      await api.init();
      return api;
    })();
    backend.catch(() => backends.delete(key));
    backends.set(key, backend);
  }
  return backend;
}

export interface ErrorDetail {
  message: string;
  property: string;
}

/** `/requestBody/messages/0/text` -> `messages[0].text` (LINE's property notation). */
function lineProperty(segments: string[]): string {
  let out = '';
  for (const s of segments) {
    if (/^\d+$/.test(s)) out += `[${s}]`;
    else out += out ? `.${s}` : s;
  }
  return out;
}

function describe(error: ErrorObject): string {
  const parent = (error.parentSchema ?? {}) as Record<string, unknown>;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'must be specified';
    case 'minItems':
    case 'maxItems':
      return `Size must be between ${Number(parent['minItems'] ?? 0)} and ${String(parent['maxItems'] ?? 'unlimited')}`;
    case 'minLength':
    case 'maxLength':
      return `Length must be between ${Number(parent['minLength'] ?? 0)} and ${String(parent['maxLength'] ?? 'unlimited')}`;
    case 'minimum':
    case 'maximum':
      return `must be ${error.keyword === 'minimum' ? 'greater' : 'less'} than or equal to ${String(p['limit'])}`;
    case 'enum':
      return `Invalid value. Allowed: ${(p['allowedValues'] as unknown[]).join(', ')}`;
    case 'format':
      return `Invalid format (expected ${String(p['format'])})`;
    case 'pattern':
      return `must match ${String(p['pattern'])}`;
    case 'type':
      return `must be of type ${String(p['type'])}`;
    case 'parse':
      return 'The request body could not be parsed as JSON';
    default:
      return error.message ?? 'invalid';
  }
}

export interface LineValidationFailure {
  /** `body`, `header`, `query` or `path`: where the first error is. */
  location: string;
  message: string;
  details: ErrorDetail[];
}

/** Converts ajv errors to LINE's `ErrorResponse` (`message` + `details[{message, property}]`). */
export function toLineErrors(errors: ErrorObject[]): LineValidationFailure | null {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  let location = 'body';
  for (const error of errors) {
    // `if` errors only say "must match then schema"; the `then` errors carry the substance.
    if (error.keyword === 'if') continue;
    const segments = error.instancePath.split('/').slice(1).map(decodePointer);
    const where = segments.shift() ?? 'requestBody';
    // LINE ignores unknown query parameters; openapi-backend's query schema forbids them.
    if (where === 'query' && error.keyword === 'additionalProperties') continue;
    if (error.keyword === 'required') {
      const missing = String((error.params as Record<string, unknown>)['missingProperty']);
      if (where === 'requestBody' && segments.length === 0 && missing === 'requestBody') {
        segments.length = 0;
      } else if (!(segments.length === 0 && ['path', 'query', 'header'].includes(missing))) {
        segments.push(missing);
      }
    }
    let property = lineProperty(segments);
    if (where === 'header') property = headerName(property);
    const detail = { message: describe(error), property };
    const key = `${detail.property}\u0000${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (details.length === 0) location = where === 'requestBody' ? 'body' : where;
    details.push(detail);
  }
  if (details.length === 0) return null;
  const message =
    location === 'body'
      ? `The request body has ${details.length} error(s)`
      : location === 'header'
        ? `The value for the '${details[0]?.property ?? ''}' header is invalid`
        : `The request has ${details.length} invalid parameter(s)`;
  return { location, message, details };
}

function decodePointer(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

function headerName(lower: string): string {
  return lower
    .split('-')
    .map((p) => (p.length ? p[0]!.toUpperCase() + p.slice(1) : p))
    .join('-');
}

export interface MatchedOperation {
  operationId: string;
  operation: Operation;
}

export function matchOperation(api: OpenAPIBackend, req: OpenApiRequest): MatchedOperation | undefined {
  const operation = api.router.matchOperation(req);
  if (!operation?.operationId) return undefined;
  return { operationId: operation.operationId, operation };
}

export function validateRequest(
  api: OpenAPIBackend,
  req: OpenApiRequest,
  operation: Operation,
): LineValidationFailure | null {
  const result = api.validator.validateRequest(req, operation);
  if (result.valid || !result.errors) return null;
  return toLineErrors(result.errors);
}
