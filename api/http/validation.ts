import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * The trust boundary's first gate: every request part is checked against its
 * route's schema before a handler runs. Unknown properties are refused (not
 * silently dropped), bodies are never coerced into another type, and no string
 * anywhere may carry a NUL or an unpaired surrogate (PostgreSQL refuses them).
 */
const common: Options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false };
/** JSON bodies keep their types: `"teamIds": "x"` is an error, not `["x"]`. */
const bodyAjv = addFormats.default(new Ajv({ ...common, coerceTypes: false }));
/** Query strings and path parameters are text: numbers and booleans are read from it. */
const textAjv = addFormats.default(new Ajv({ ...common, coerceTypes: true }));

/** A NUL, or half of a surrogate pair without its other half. */
const ILL_FORMED = /\0|\p{Cs}/u;

/** The path of the first ill-formed string (values and keys), or null. */
export function findIllFormedString(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return ILL_FORMED.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findIllFormedString(value[i], `${path}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (ILL_FORMED.test(key)) return path;
      const found = findIllFormedString(inner, `${path}/${key}`);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A copy of the schema in which every object refuses properties it does not name. */
export function closedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closedObjects(value);
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

type Part = 'body' | 'querystring' | 'params' | 'headers';

/**
 * What makes a request schema unbounded: a string without a maximum length,
 * a number without both bounds, an array without a maximum count. The server
 * refuses to start with such a route, so every request's work stays bounded.
 */
export function unboundedFields(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const problems: string[] = [];
  const here = path || '(root)';
  const fixed = 'const' in s || 'enum' in s;
  if (s.type === 'string' && !fixed && s.maxLength === undefined && s.format !== 'uuid' && s.format !== 'date') problems.push(`${here}: string without maxLength`);
  if ((s.type === 'number' || s.type === 'integer') && !fixed && (s.minimum === undefined || s.maximum === undefined)) problems.push(`${here}: number without minimum and maximum`);
  if (s.type === 'array' && s.maxItems === undefined) problems.push(`${here}: array without maxItems`);
  for (const [key, value] of Object.entries(s.properties ?? {})) problems.push(...unboundedFields(value, `${path}.${key}`));
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf'] as const) {
    const inner = s[key];
    for (const item of Array.isArray(inner) ? inner : inner ? [inner] : []) problems.push(...unboundedFields(item, path));
  }
  return problems;
}

/**
 * The validators compiled in this process, by part and schema text: a
 * process that builds the app again (a test file's server) compiles none of
 * its schemas twice, where compiling them all took about 0.6 s.
 */
const compiled = new Map<string, ValidateFunction>();

function compileOnce(schema: unknown, part: Part): ValidateFunction {
  const key = `${part}\u0000${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = compile(schema, part)));
  return validate;
}

function compile(schema: unknown, part: Part): ValidateFunction {
  const ajv = part === 'body' ? bodyAjv : textAjv;
  const validate = ajv.compile(closedObjects(schema) as object);
  const checked = ((data: unknown, context?: object) => {
    if (!validate(data, context as never)) {
      checked.errors = validate.errors;
      return false;
    }
    const illFormed = findIllFormedString(data);
    if (illFormed !== null) {
      checked.errors = [
        { keyword: 'wellFormed', instancePath: illFormed, schemaPath: '', params: {}, message: 'must not contain NUL characters or unpaired surrogates' },
      ] satisfies ErrorObject[];
      return false;
    }
    checked.errors = null;
    return true;
  }) as ValidateFunction;
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/** The body of a command that takes none: nothing, or an empty JSON object. */
const NO_BODY = { type: ['object', 'null'], properties: {}, additionalProperties: false };
/** The query of a route that takes none. */
const NO_QUERY = { type: 'object', properties: {}, additionalProperties: false };
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Does the route take a file upload (its schema says it consumes multipart/form-data, or raw bytes such as image/png)? */
export const takesUpload = (schema: unknown) => ((schema as { consumes?: string[] } | undefined)?.consumes ?? []).some((type) => type !== 'application/json');

/**
 * Installs the validators. A command route that declares no body refuses one,
 * and a route that declares no query refuses one (unknown properties are
 * refused everywhere); a route whose input schema is unbounded refuses to register.
 */
export function registerInputValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => compileOnce(schema, (httpPart ?? 'body') as Part));
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema | undefined = route.schema;
    if (!schema) return;
    const changesState = [route.method].flat().some((method) => STATE_CHANGING.has(method));
    if (changesState && !schema.body && !takesUpload(schema)) schema.body = NO_BODY;
    schema.querystring ??= NO_QUERY;
    const problems = (['body', 'querystring', 'params'] as const).flatMap((part) => unboundedFields(schema[part]).map((p) => `${part}${p.startsWith('(') ? ' ' : ''}${p}`));
    if (problems.length > 0) throw new Error(`${route.method} ${route.url}: unbounded input schema: ${problems.join('; ')}`);
  });
}

/** The message for the first validation error: which field and what is wrong with it. */
export function validationMessage(errors: readonly Partial<ErrorObject>[] | undefined, fallback: string): string {
  const first = errors?.[0];
  if (!first) return fallback;
  const params = (first.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required' && params.missingProperty) return `'${field ? `${field}.` : ''}${params.missingProperty}' is required`;
  if (first.keyword === 'additionalProperties' && params.additionalProperty) return `'${field ? `${field}.` : ''}${params.additionalProperty}' is not a known field`;
  return field ? `'${field}' ${first.message}` : `${first.message ?? fallback}`;
}
