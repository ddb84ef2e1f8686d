import type { Schema } from './declared-responses';

/**
 * Checks a JSON value against the OpenAPI 3.0 schema subset the generated response schemas use (type, enum,
 * nullable, properties, required, additionalProperties, items, min/maxItems, anyOf, $ref to a component,
 * format date-time). An interpreter rather than a compiling validator: each medium test file starts its own app,
 * and compiling the schemas it touches cost more CPU per file than checking every answer it gets.
 * Answers the first problem found (with its JSON path), or null.
 */
export function schemaProblem(
  value: unknown,
  schema: Schema,
  components: Record<string, Schema>,
  at = '',
): string | null {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = components[ref.slice(ref.lastIndexOf('/') + 1)];
    if (!target) return `${at || '/'}: unknown schema ${ref}`;
    return schemaProblem(value, target, components, at);
  }
  const anyOf = schema.anyOf as Schema[] | undefined;
  if (anyOf) {
    const problems = anyOf.map((s) => schemaProblem(value, s, components, at));
    return problems.includes(null) ? null : `${at || '/'} matches none of its ${anyOf.length} forms (${problems[0]})`;
  }
  if (value === null)
    return schema.nullable || Object.keys(schema).length === 0 ? null : `${at || '/'} must not be null`;
  const enumValues = schema.enum as unknown[] | undefined;
  if (enumValues && !enumValues.includes(value)) return `${at || '/'} must be one of ${JSON.stringify(enumValues)}`;
  switch (schema.type) {
    case undefined:
      return null;
    case 'string':
      if (typeof value !== 'string') return `${at || '/'} must be a string`;
      if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return `${at || '/'} must be a date-time`;
      return null;
    case 'number':
      return typeof value === 'number' ? null : `${at || '/'} must be a number`;
    case 'integer':
      return Number.isInteger(value) ? null : `${at || '/'} must be an integer`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${at || '/'} must be a boolean`;
    case 'array': {
      if (!Array.isArray(value)) return `${at || '/'} must be an array`;
      if (typeof schema.minItems === 'number' && value.length < schema.minItems) return `${at || '/'} is too short`;
      if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return `${at || '/'} is too long`;
      const items = schema.items as Schema | undefined;
      if (!items) return null;
      for (let i = 0; i < value.length; i++) {
        const problem = schemaProblem(value[i], items, components, `${at}/${i}`);
        if (problem) return problem;
      }
      return null;
    }
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return `${at || '/'} must be an object`;
      const record = value as Record<string, unknown>;
      for (const name of (schema.required as string[] | undefined) ?? [])
        if (record[name] === undefined) return `${at || '/'} must have required property '${name}'`;
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const rest = schema.additionalProperties as Schema | undefined;
      for (const [name, v] of Object.entries(record)) {
        const s = properties[name] ?? rest;
        if (!s || v === undefined) continue;
        const problem = schemaProblem(v, s, components, `${at}/${name}`);
        if (problem) return problem;
      }
      return null;
    }
    default:
      return `${at || '/'}: the schema type ${String(schema.type)} is not one this check knows`;
  }
}
