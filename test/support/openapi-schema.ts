// Checks a JSON value against an OpenAPI 3.0 schema: the keywords GitHub's release schemas use
// (`$ref`, `type`, `nullable`, `required`, `properties`, `items`, `enum`). Formats and
// descriptions are not checked. Returns every problem found, each with its JSON path.
import type { OpenApi } from './github-examples.ts';

type Schema = Record<string, unknown>;

const CHECKED = new Set(['$ref', 'type', 'nullable', 'required', 'properties', 'items', 'enum']);
const IGNORED = new Set(['title', 'description', 'format', 'example', 'examples', 'deprecated']);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function resolve(schema: Schema, spec: OpenApi): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = spec.components.schemas[name];
  if (target === undefined) throw new Error(`unknown $ref ${ref}`);
  return resolve(target, spec);
}

export function schemaProblems(value: unknown, given: Schema, spec: OpenApi, path = '$'): string[] {
  const schema = resolve(given, spec);
  const unknown = Object.keys(schema).filter((key) => !CHECKED.has(key) && !IGNORED.has(key));
  // A keyword this checker does not read would pass silently: refuse it instead.
  if (unknown.length > 0) throw new Error(`${path}: schema keywords not checked: ${unknown}`);
  const actual = typeOf(value);
  if (value === null) return schema.nullable === true ? [] : [`${path}: null, not nullable`];
  const type = schema.type;
  if (typeof type === 'string' && type !== actual && !(type === 'number' && actual === 'integer')) {
    return [`${path}: ${actual}, expected ${type}`];
  }
  const problems: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (!(name in object)) problems.push(`${path}.${name}: required, missing`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, property] of Object.entries(properties)) {
      if (name in object) {
        problems.push(...schemaProblems(object[name], property, spec, `${path}.${name}`));
      }
    }
  }
  if (actual === 'array' && schema.items !== undefined) {
    (value as unknown[]).forEach((item, index) => {
      problems.push(...schemaProblems(item, schema.items as Schema, spec, `${path}[${index}]`));
    });
  }
  return problems;
}

/** The JSON schema of a route's answer with this status, `$ref`s to responses followed. */
export function answerSchema(spec: OpenApi, route: string, status: string, method = 'get'): Schema {
  let answer = spec.paths[route]?.[method]?.responses[status];
  const ref = answer?.$ref;
  if (typeof ref === 'string') {
    answer = spec.components.responses[ref.replace('#/components/responses/', '')];
  }
  const content = answer?.content as Record<string, { schema: Schema }> | undefined;
  const schema = content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`no JSON schema for ${method} ${route} ${status}`);
  return schema;
}
