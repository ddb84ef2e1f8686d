import path from 'node:path';
import ts from 'typescript';

/**
 * The response schema of every operation, derived from what each controller method really returns
 * (so the wire is described once): the TypeScript checker resolves the method's return type (Promise unwrapped) and this turns it into
 * OpenAPI 3.0 JSON schema. No second description of the wire to keep in step: the shared wire types the handlers
 * return ARE the schema. Named types (interfaces and aliases, e.g. ApiPresentation from `shared/`) become
 * components; anonymous ones are inlined.
 *
 * Kept as a generated file (src/api-docs/response-schemas.generated.ts) because the server serves the document at
 * run time and must not need the compiler; response-schemas.test.ts fails when the file is stale.
 */

const SERVER = path.resolve(__dirname, '../../..');
const ROOT = path.resolve(SERVER, '..');

export type JsonSchema = Record<string, unknown>;

export interface OperationResponse {
  method: string;
  /** The OpenAPI path under the global prefix, e.g. /api/presentations/{id}. */
  path: string;
  /** The success status Nest answers with: @HttpCode, else 201 for POST and 200 otherwise. */
  status: number;
  /** Other statuses the handler answers with besides errors (206 for a range, 304 for a match, 503 degraded). */
  otherStatuses?: number[];
  /** application/json unless the handler declares another (@Header('content-type', …) or RAW_RESPONSES). */
  contentType: string;
  /** The body's schema; absent for bodies that are not JSON (images, calendars, pages, media). */
  schema?: JsonSchema;
  /** The content type of its refusals when not the JSON error shape (the sandbox pages answer an HTML page). */
  errorContentType?: string;
}

/**
 * Handlers that write the reply themselves (@Res() without passthrough): what they send, declared here because
 * their return type says nothing about it. A handler of that kind missing from this table fails the generation.
 */
const RAW_RESPONSES: Record<
  string,
  Omit<OperationResponse, 'schema' | 'method' | 'path'> & { wire?: (c: SchemaConverter) => JsonSchema }
> = {
  SeatplanController_seatplan: {
    status: 200,
    otherStatuses: [304],
    contentType: 'application/json',
    // CatalogueService.buildSeatplan: JSON.stringify({ seatplan }) of the nested or the columnar form.
    wire: (c) => ({
      type: 'object',
      properties: { seatplan: { anyOf: [c.exported('ApiSeatplan'), c.exported('ColumnarSeatplan')] } },
      required: ['seatplan'],
    }),
  },
  PresentationsController_seatplan: {
    status: 200,
    otherStatuses: [304],
    contentType: 'application/json',
    // The same document as SeatplanController_seatplan, found by the presentation.
    wire: (c) => ({
      type: 'object',
      properties: { seatplan: { anyOf: [c.exported('ApiSeatplan'), c.exported('ColumnarSeatplan')] } },
      required: ['seatplan'],
    }),
  },
  EDocumentController_calendar: { status: 200, contentType: 'text/calendar' },
  WaiversController_signature: { status: 200, contentType: 'image/png' },
  // The stored type of the image: JPEG, PNG or WebP.
  MediaController_file: { status: 200, contentType: 'image/*' },
  VodController_stream: { status: 200, otherStatuses: [206, 416], contentType: 'video/mp4' },
  SandboxFormController_show: { status: 200, contentType: 'text/html', errorContentType: 'text/html' },
  SandboxFormController_submit: { status: 200, contentType: 'text/html', errorContentType: 'text/html' },
  SandboxWalletController_show: { status: 200, contentType: 'text/html', errorContentType: 'text/html' },
  SandboxWalletController_submit: { status: 200, contentType: 'text/html', errorContentType: 'text/html' },
};

/** Statuses a handler that returns its body sets through a passthrough reply (not visible in its return type). */
const PASSTHROUGH_STATUSES: Record<string, number[]> = {
  // 503 with the same body when PostgreSQL or Redis is down.
  HealthController_health: [503],
};

export interface ResponseSchemas {
  operations: Record<string, OperationResponse>;
  components: Record<string, JsonSchema>;
}

const HTTP_DECORATORS = new Map([
  ['Get', 'GET'],
  ['Post', 'POST'],
  ['Put', 'PUT'],
  ['Delete', 'DELETE'],
  ['Patch', 'PATCH'],
]);

function decoratorsOf(node: ts.Node): { name: string; args: readonly ts.Expression[] }[] {
  const list = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
  return list.flatMap((d) => {
    const e = d.expression;
    if (ts.isCallExpression(e) && ts.isIdentifier(e.expression))
      return [{ name: e.expression.text, args: e.arguments }];
    return [];
  });
}

function program(): ts.Program {
  const configPath = path.join(SERVER, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, SERVER);
  return ts.createProgram({
    rootNames: parsed.fileNames.filter((f) => /controller/.test(path.basename(f))),
    options: {
      ...parsed.options,
      noEmit: true,
      composite: false,
      incremental: false,
      declaration: false,
      // The workspaces' sources, not their built declarations: a fresh clone has no dist/ yet.
      baseUrl: ROOT,
      paths: { '@hotline/shared': ['shared/src/index.ts'], '@hotline/seatmaps': ['seatmaps/src/index.ts'] },
    },
  });
}

/** Generates the schemas of every controller operation (named `Controller_method`, as Nest's document names them). */
export function generateResponseSchemas(): ResponseSchemas {
  const prog = program();
  const checker = prog.getTypeChecker();
  const shared = prog.getSourceFile(path.join(ROOT, 'shared/src/index.ts'));
  const sharedModule = shared && checker.getSymbolAtLocation(shared);
  if (!sharedModule) throw new Error('shared/src/index.ts is not in the program');
  const convert = new SchemaConverter(checker, checker.getExportsOfModule(sharedModule));
  const operations: Record<string, OperationResponse> = {};
  for (const file of prog.getSourceFiles()) {
    if (file.isDeclarationFile || !file.fileName.startsWith(path.join(SERVER, 'src'))) continue;
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const controller = decoratorsOf(statement).find((d) => d.name === 'Controller');
      if (!controller) continue;
      const prefix = literal(controller.args[0], statement.name.text);
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const decorators = decoratorsOf(member);
        const http = decorators.find((d) => HTTP_DECORATORS.has(d.name));
        if (!http) continue;
        const code = decorators.find((d) => d.name === 'HttpCode')?.args[0];
        const status = code && ts.isNumericLiteral(code) ? Number(code.text) : http.name === 'Post' ? 201 : 200;
        const writesReply = member.parameters.some((p) =>
          decoratorsOf(p).some(
            (d) => d.name === 'Res' && !(d.args[0] && /passthrough:\s*true/.test(d.args[0].getText())),
          ),
        );
        const id = `${statement.name.text}_${member.name.text}`;
        const route = {
          method: HTTP_DECORATORS.get(http.name)!,
          path: ['/api', prefix, literal(http.args[0], id)]
            .filter(Boolean)
            .join('/')
            .replace(/\/+/g, '/')
            .replace(/:(\w+)/g, '{$1}'),
        };
        if (writesReply) {
          const raw = RAW_RESPONSES[id];
          if (!raw) throw new Error(`${id} writes its own reply: say what it sends in RAW_RESPONSES`);
          const { wire, ...declared } = raw;
          operations[id] = wire ? { ...route, ...declared, schema: wire(convert) } : { ...route, ...declared };
          continue;
        }
        const header = decorators.find(
          (d) => d.name === 'Header' && /^['"]content-type['"]$/i.test(d.args[0]?.getText() ?? ''),
        )?.args[1];
        const contentType = header && ts.isStringLiteral(header) ? header.text.split(';')[0]! : 'application/json';
        const otherStatuses = PASSTHROUGH_STATUSES[id];
        if (contentType !== 'application/json') {
          operations[id] = { ...route, status, contentType };
          continue;
        }
        const signature = checker.getSignatureFromDeclaration(member);
        if (!signature) throw new Error(`${id}: no signature`);
        const returned = checker.getAwaitedType(checker.getReturnTypeOfSignature(signature));
        if (!returned) throw new Error(`${id}: no awaited type`);
        operations[id] = {
          ...route,
          status,
          ...(otherStatuses ? { otherStatuses } : {}),
          contentType,
          schema: convert.schemaOf(returned, id),
        };
      }
    }
  }
  return { operations: sortKeys(operations), components: sortKeys(convert.components) };
}

/** A decorator's path argument: a string literal or nothing (Nest's routes here are all literals). */
function literal(arg: ts.Expression | undefined, where: string): string {
  if (!arg) return '';
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  throw new Error(`${where}: a route path that is not a string literal`);
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}

/** null alone, in OpenAPI 3.0 terms (no 'null' type there: a nullable type whose only value is null). */
const NULL_ONLY: JsonSchema = { type: 'string', nullable: true, enum: [null] };

const BINARY = new Set(['Buffer', 'Uint8Array', 'ArrayBuffer']);

/** TypeScript type → OpenAPI 3.0 schema (the subset the wire uses: JSON values, Date as an ISO string). */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  private readonly named = new Map<ts.Type, string>();
  private readonly taken = new Set<string>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly sharedExports: ts.Symbol[],
  ) {}

  /** The schema of a type `shared/` exports, by name (for handlers whose return type does not say). */
  exported(name: string): JsonSchema {
    const symbol = this.sharedExports.find((s) => s.getName() === name);
    if (!symbol) throw new Error(`shared exports no ${name}`);
    const target = symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
    return this.schemaOf(this.checker.getDeclaredTypeOfSymbol(target), name);
  }

  schemaOf(type: ts.Type, where: string): JsonSchema {
    const f = ts.TypeFlags;
    if (type.flags & (f.Any | f.Unknown)) return {};
    if (type.flags & (f.Void | f.Undefined)) return {};
    if (type.flags & f.Null) return NULL_ONLY;
    if (type.flags & f.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (type.flags & f.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (type.flags & f.BooleanLiteral) return { type: 'boolean', enum: [this.checker.typeToString(type) === 'true'] };
    if (type.flags & (f.String | f.TemplateLiteral)) return { type: 'string' };
    if (type.flags & f.Number) return { type: 'number' };
    if (type.flags & f.Boolean) return { type: 'boolean' };
    if (type.flags & (f.BigInt | f.BigIntLiteral)) throw new Error(`${where}: a bigint cannot be JSON`);
    if (type.flags & f.EnumLike && type.isUnion()) return this.union(type.types, where);
    if (type.isUnion()) return this.union(type.types, where);
    if (type.flags & f.Object || type.isIntersection()) return this.object(type, where);
    throw new Error(`${where}: cannot describe ${this.checker.typeToString(type)}`);
  }

  private union(members: readonly ts.Type[], where: string): JsonSchema {
    const f = ts.TypeFlags;
    // A Buffer beside a body type is that body already encoded (sendEncodedJson: the same JSON, compressed once).
    const present = members.filter(
      (t) => !(t.flags & (f.Undefined | f.Void)) && !BINARY.has(t.getSymbol()?.getName() ?? ''),
    );
    const nullable = present.some((t) => t.flags & f.Null);
    const rest = present.filter((t) => !(t.flags & f.Null));
    // true | false is boolean; a union of string (or number) literals is one enum.
    const bools = rest.filter((t) => t.flags & f.BooleanLiteral);
    const others = rest.filter((t) => !(t.flags & f.BooleanLiteral));
    const parts: JsonSchema[] = [];
    if (bools.length === 2) parts.push({ type: 'boolean' });
    else parts.push(...bools.map((t) => this.schemaOf(t, where)));
    const strings = others.filter((t) => t.flags & f.StringLiteral);
    const numbers = others.filter((t) => t.flags & f.NumberLiteral);
    const complex = others.filter((t) => !(t.flags & (f.StringLiteral | f.NumberLiteral)));
    if (strings.length)
      parts.push({ type: 'string', enum: strings.map((t) => (t as ts.StringLiteralType).value).sort() });
    if (numbers.length)
      parts.push({ type: 'number', enum: numbers.map((t) => (t as ts.NumberLiteralType).value).sort((a, b) => a - b) });
    parts.push(...complex.map((t) => this.schemaOf(t, where)));
    const unique = [...new Map(parts.map((p) => [JSON.stringify(p), p])).values()];
    if (unique.length === 0) return nullable ? NULL_ONLY : {};
    if (unique.length === 1 && !nullable) return unique[0]!;
    if (unique.length === 1 && typeof unique[0]!.type === 'string' && !unique[0]!.enum)
      return { ...unique[0], nullable: true };
    return { anyOf: nullable ? [...unique, NULL_ONLY] : unique };
  }

  private object(type: ts.Type, where: string): JsonSchema {
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    const name = type.aliasSymbol?.getName() ?? symbol?.getName();
    if (name === 'Date') return { type: 'string', format: 'date-time' };
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
      const args = this.checker.getTypeArguments(type as ts.TypeReference);
      if (this.checker.isTupleType(type))
        return { type: 'array', minItems: args.length, maxItems: args.length, items: this.union(args, where) };
      return { type: 'array', items: this.schemaOf(args[0]!, where) };
    }
    // Named interfaces and aliases become components (and are how a recursive type stays finite).
    const componentName = this.componentName(type);
    if (componentName) {
      const known = this.named.get(type);
      if (known) return { $ref: `#/components/schemas/${known}` };
      this.named.set(type, componentName);
      this.components[componentName] = this.inline(type, `${where} ${componentName}`);
      return { $ref: `#/components/schemas/${componentName}` };
    }
    return this.inline(type, where);
  }

  private inline(type: ts.Type, where: string): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const prop of this.checker.getPropertiesOfType(type)) {
      const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = declaration
        ? this.checker.getTypeOfSymbolAtLocation(prop, declaration)
        : this.checker.getTypeOfSymbol(prop);
      if (propType.getCallSignatures().length) continue; // methods are not on the wire
      const optional =
        (prop.flags & ts.SymbolFlags.Optional) !== 0 ||
        (propType.isUnion() && propType.types.some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
      properties[prop.getName()] = this.schemaOf(propType, `${where}.${prop.getName()}`);
      if (!optional) required.push(prop.getName());
    }
    const schema: JsonSchema = { type: 'object', properties };
    if (required.length) schema.required = required;
    const index = this.checker.getIndexInfoOfType(type, ts.IndexKind.String);
    if (index) schema.additionalProperties = this.schemaOf(index.type, `${where}[key]`);
    return schema;
  }

  /** Interfaces, classes and type aliases declared with a name (not `__type` / `__object` literals). */
  private componentName(type: ts.Type): string | null {
    if (type.aliasSymbol && !type.aliasTypeArguments?.length) return this.unique(type.aliasSymbol.getName(), type);
    const symbol = type.getSymbol();
    if (!symbol || symbol.getName().startsWith('__')) return null;
    if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) return null;
    const args = (type as ts.TypeReference).typeArguments ?? [];
    const base = symbol.getName() + args.map((a) => this.checker.typeToString(a).replace(/\W+/g, '')).join('');
    return this.unique(base, type);
  }

  private unique(base: string, type: ts.Type): string {
    const known = this.named.get(type);
    if (known) return known;
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    this.taken.add(name);
    return name;
  }
}
