import { Body, Param, type PipeTransform, Query } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, type SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';
import { AppError } from './app-error';

/** Parses untrusted input with a zod schema; any problem is a 4xx naming the field, never a 500. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: 'INVALID_QUERY' | 'INVALID_BODY' = 'INVALID_QUERY',
): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new AppError(code, { details });
}

type InputCode = 'INVALID_QUERY' | 'INVALID_BODY';

/** The schemas a handler's Zod decorators declared, so guards can validate before they do costly work. */
const ZOD_INPUTS = Symbol('ZOD_INPUTS');
type RequestPart = 'params' | 'query' | 'body';
type ZodInputs = Partial<Record<RequestPart, z.ZodType>>;

function remember(descriptor: PropertyDescriptor, part: RequestPart, schema: z.ZodType): void {
  const handler = descriptor.value as object;
  const known = (Reflect.getMetadata(ZOD_INPUTS, handler) ?? {}) as ZodInputs;
  Reflect.defineMetadata(ZOD_INPUTS, { ...known, [part]: schema }, handler);
}

/** A request's inputs as its handler's zod decorators declared them, parsed (undefined where none is declared). */
export interface DeclaredInputs {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** One parse per request: a guard that validates early and the plain route that then needs the values share it. */
const parsedInputs = new WeakMap<object, DeclaredInputs>();

/**
 * Parses a request against its handler's declared schemas (400 on any problem). Guards that do costly work (the bot
 * check) call it first, so bad input is always a 400 before anything else is asked; Nest's pipes parse again,
 * cheaply, and hand the values over; a plain route (common/plain-route.ts) takes them from here.
 */
export function parseDeclaredInputs(
  handler: object,
  request: { params?: unknown; query?: unknown; body?: unknown },
): DeclaredInputs {
  const known = parsedInputs.get(request);
  if (known) return known;
  const inputs = Reflect.getMetadata(ZOD_INPUTS, handler) as ZodInputs | undefined;
  const parsed: DeclaredInputs = {};
  if (inputs?.params) parsed.params = parseInput(inputs.params, request.params, 'INVALID_QUERY');
  if (inputs?.query) parsed.query = parseInput(inputs.query, request.query, 'INVALID_QUERY');
  if (inputs?.body) parsed.body = parseInput(inputs.body, request.body, 'INVALID_BODY');
  parsedInputs.set(request, parsed);
  return parsed;
}

/** Validates a request against its handler's declared schemas (see parseDeclaredInputs). */
export function validateDeclaredInputs(
  handler: object,
  request: { params?: unknown; query?: unknown; body?: unknown },
): void {
  parseDeclaredInputs(handler, request);
}

/** The one request-validation path: a zod schema as a Nest pipe (400 with the error shape on any problem). */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    readonly schema: S,
    private readonly code: InputCode,
  ) {}

  transform(value: unknown): z.infer<S> {
    return parseInput(this.schema, value, this.code);
  }
}

/** OpenAPI 3.0 schema of what a zod schema accepts (its input side: strings before they become numbers). */
export function openApiSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/**
 * A body's OpenAPI schema, converted when something first reads it (the document is built on request, and only where
 * API docs are on), not when the decorator runs: z.toJSONSchema for every route's input at class definition was about
 * a tenth of loading the server's modules, paid at every start and in every jest file that loads the server. Swagger
 * keeps the object it is given, so the proxy stands in for it unchanged: every read, key listing or write goes to the
 * converted schema.
 */
function lazyOpenApiSchema(schema: z.ZodType): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  let converted = false;
  const filled = () => {
    if (!converted) {
      converted = true;
      Object.assign(target, openApiSchema(schema));
    }
    return target;
  };
  return new Proxy(target, {
    get: (_t, p) => Reflect.get(filled(), p),
    has: (_t, p) => Reflect.has(filled(), p),
    ownKeys: () => Reflect.ownKeys(filled()),
    getOwnPropertyDescriptor: (_t, p) => Reflect.getOwnPropertyDescriptor(filled(), p),
    set: (_t, p, v) => Reflect.set(filled(), p, v),
    deleteProperty: (_t, p) => Reflect.deleteProperty(filled(), p),
    defineProperty: (_t, p, d) => Reflect.defineProperty(filled(), p, d),
  });
}

/**
 * Query and path schemas are converted at once (each field is its own decorator, so the names are needed), but once per
 * schema: the same params schema serves many routes. Each use gets its own copy, as a fresh conversion gave.
 */
const convertedInputs = new WeakMap<z.ZodType, Record<string, unknown>>();

function objectProperties(schema: z.ZodType): { name: string; required: boolean; schema: Record<string, unknown> }[] {
  let known = convertedInputs.get(schema);
  if (!known) convertedInputs.set(schema, (known = openApiSchema(schema)));
  const json = structuredClone(known);
  const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    required: required.has(name),
    schema: property,
  }));
}

function methodDescriptor(target: object, key: string | symbol | undefined): [string | symbol, PropertyDescriptor] {
  if (key === undefined) throw new Error('zod request decorators belong on controller method parameters');
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  if (!descriptor) throw new Error(`no method ${String(key)}`);
  return [key, descriptor];
}

/** The JSON body, validated by `schema` and documented in OpenAPI from it. */
export function ZodBody(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Body(new ZodValidationPipe(schema, 'INVALID_BODY'))(target, key, index);
    const [name, descriptor] = methodDescriptor(target, key);
    remember(descriptor, 'body', schema);
    ApiBody({ schema: lazyOpenApiSchema(schema) as SchemaObject })(target, name, descriptor);
  };
}

/** The query string, validated by `schema`; each of its fields documented as a query parameter. */
export function ZodQuery(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Query(new ZodValidationPipe(schema, 'INVALID_QUERY'))(target, key, index);
    const [name, descriptor] = methodDescriptor(target, key);
    remember(descriptor, 'query', schema);
    for (const field of objectProperties(schema)) {
      ApiQuery({ name: field.name, required: field.required, schema: field.schema as SchemaObject })(
        target,
        name,
        descriptor,
      );
    }
  };
}

/** The path parameters, validated by `schema`; each documented as a path parameter. */
export function ZodParams(schema: z.ZodType): ParameterDecorator {
  return (target, key, index) => {
    Param(new ZodValidationPipe(schema, 'INVALID_QUERY'))(target, key, index);
    const [name, descriptor] = methodDescriptor(target, key);
    remember(descriptor, 'params', schema);
    for (const field of objectProperties(schema)) {
      ApiParam({ name: field.name, required: true, schema: field.schema as SchemaObject })(target, name, descriptor);
    }
  };
}
