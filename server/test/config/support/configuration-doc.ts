import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';
import { appConfigSchema } from '../../../src/config/app-config';

/**
 * docs/configuration.md, written from the config schema itself: every environment variable appConfigSchema accepts,
 * grouped by the context whose shape declares it, with its type and default read from the zod schema and its
 * description from the doc comment above it in the source. What `npm start` sets is read from scripts/start.mjs,
 * what production refuses from the production checks' messages.
 */

const ROOT = path.resolve(__dirname, '../../../..');
const APP_CONFIG = 'server/src/config/app-config.ts';

interface Setting {
  name: string;
  group: string;
  description: string;
  type: string;
  default: string;
}

/** The server-wide settings of app-config.ts itself, by what they are about (first match wins). */
const CORE_GROUPS: [RegExp, string][] = [
  [
    /^(NODE_ENV|PORT|HOST|TRUST_PROXY|LOG_LEVEL|CLIENT_DIST|API_DOCS_ENABLED|VALIDATE_RESPONSES|DEV_MESSAGES_ENABLED)$/,
    'Server and HTTP',
  ],
  [/^(DATABASE_URL|REDIS_|DB_|RUN_MIGRATIONS)/, 'Storage: PostgreSQL and Redis'],
  [/^(SEED_|BRAND_|HOTLINE$)/, 'Demo data and brand'],
  [/^(ALTCHA_|RATE_LIMIT_SCALE$|ALLOWED_ORIGINS$)/, 'Bot check, rate limits and origins'],
  [/^(GLOBAL_SERVICE_CHARGE_)/, 'Prices'],
  [/./, 'Seat engine'],
];

/** The shapes app-config.ts spreads in, by the name it imports them under: their file and group title. */
function spreadShapes(source: ts.SourceFile): Map<string, { file: string; title: string }> {
  const out = new Map<string, { file: string; title: string }>();
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause?.namedBindings) continue;
    const bindings = st.importClause.namedBindings;
    if (!ts.isNamedImports(bindings)) continue;
    const spec = (st.moduleSpecifier as ts.StringLiteral).text;
    for (const el of bindings.elements) {
      if (!el.name.text.endsWith('_CONFIG_SHAPE')) continue;
      const file = path.posix.join('server/src/config', `${spec}.ts`);
      out.set(el.name.text, { file: path.posix.normalize(file), title: '' });
    }
  }
  return out;
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** The doc comment just above a node, as one line of text ('' when there is none). */
function docComment(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const last = ranges[ranges.length - 1];
  if (!last || !source.text.slice(last.pos, last.end).startsWith('/**')) return '';
  return source.text
    .slice(last.pos + 3, last.end - 2)
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function objectLiteralNamed(source: ts.SourceFile, name: string): ts.ObjectLiteralExpression {
  let found: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      const init = node.initializer;
      if (ts.isObjectLiteralExpression(init)) found = init;
      else if (ts.isCallExpression(init) && init.arguments[0] && ts.isObjectLiteralExpression(init.arguments[0]))
        found = init.arguments[0];
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`no object literal ${name}`);
  return found;
}

/** Context name from a shape's file: server/src/queue/queue-config.ts -> queue. */
const contextOf = (file: string) => file.split('/')[2];

/** Each setting's group and description, in the schema's order. */
function settingsFromSource(): { name: string; group: string; description: string }[] {
  const app = parse(APP_CONFIG);
  const shapes = spreadShapes(app);
  const out: { name: string; group: string; description: string }[] = [];
  for (const prop of objectLiteralNamed(app, 'appConfigSchema').properties) {
    if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.name)) {
      const name = prop.name.text;
      const group = CORE_GROUPS.find(([re]) => re.test(name))![1];
      out.push({ name, group: `${group} (\`config\`, app-config.ts)`, description: docComment(prop, app) });
    } else if (ts.isSpreadAssignment(prop) && ts.isIdentifier(prop.expression)) {
      const shape = shapes.get(prop.expression.text);
      if (!shape) throw new Error(`spread of ${prop.expression.text}: not an imported *_CONFIG_SHAPE`);
      const source = parse(shape.file);
      const title = docComment(prop, app).replace(/\s*\(server\/src\/[^)]*\)\.?$/, '') || contextOf(shape.file);
      for (const p of objectLiteralNamed(source, prop.expression.text).properties) {
        if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name)) continue;
        out.push({
          name: p.name.text,
          group: `${title} (\`${contextOf(shape.file)}\`, ${shape.file.split('/').pop()})`,
          description: docComment(p, source),
        });
      }
    }
  }
  return out;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; defaultValue?: unknown; entries?: object };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** A zod field's type in words, and its default ('' = none). */
function describeType(field: z.ZodType): { type: string; default: string; optional: boolean } {
  let s = field;
  let dflt: unknown = undefined;
  let optional = false;
  for (;;) {
    const def = defOf(s);
    if (def.type === 'default') {
      dflt = def.defaultValue;
      s = def.innerType!;
    } else if (def.type === 'optional') {
      optional = true;
      s = def.innerType!;
    } else if (def.type === 'pipe') s = def.in!;
    else break;
  }
  const def = defOf(s);
  let type: string;
  if (def.type === 'enum') {
    const values = Object.values(def.entries ?? {}).map(String);
    const flags = [...values].sort().join(',');
    type =
      flags === '0,1,false,no,true,yes' || flags === 'false,true'
        ? 'boolean'
        : `one of ${values.map((v) => `\`${v}\``).join(', ')}`;
    if (type === 'boolean' && typeof dflt === 'string') dflt = dflt === 'true';
  } else if (def.type === 'number') {
    const n = s as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
    type = `${n.isInt ? 'integer' : 'number'} ${n.minValue ?? '…'}–${n.maxValue ?? '…'}`;
  } else if (def.type === 'string') {
    const format = (s as unknown as { format: string | null }).format;
    type = format === 'url' ? 'URL' : 'text';
  } else type = def.type;
  const shown = dflt === undefined ? '' : typeof dflt === 'string' ? `\`${dflt}\`` : `\`${String(dflt)}\``;
  return { type, default: shown, optional };
}

export function settings(): Setting[] {
  const shape = appConfigSchema.shape as Record<string, z.ZodType>;
  return settingsFromSource().map((s) => {
    const field = shape[s.name];
    if (!field) throw new Error(`${s.name} is in the source but not in appConfigSchema`);
    const t = describeType(field);
    return { ...s, type: t.type, default: t.default || (t.optional ? 'unset' : '**required**') };
  });
}

/** The variables scripts/start.mjs hands the server (its `env: { ...process.env, NAME: … }` block). */
export function setByNpmStart(): string[] {
  const text = readFileSync(path.join(ROOT, 'scripts/start.mjs'), 'utf8');
  const block = /env: \{\s*\.\.\.process\.env,([\s\S]*?)\n\s*\},\n/.exec(text);
  if (!block) throw new Error('scripts/start.mjs: no env block found');
  return [...block[1]!.matchAll(/^\s*([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

/** The variables a production check names ('NAME: ...' in productionProblems and the contexts' own checks). */
export function refusedInProduction(): string[] {
  const files = [APP_CONFIG, 'server/src/channels/integration-config.ts'];
  const names = files.flatMap((f) =>
    [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/'([A-Z][A-Z0-9_]+): [^']*'/g)].map((m) => m[1]!),
  );
  return [...new Set(names)];
}

/** What `npm start` puts in, in words (a variable start.mjs sets without a line here fails the test). */
export const NPM_START_VALUES: Record<string, string> = {
  DATABASE_URL: 'the embedded PostgreSQL it starts, unless set',
  REDIS_URL: 'the redis-server it starts, unless set',
  PORT: '`3000` unless set',
  HOTLINE_TERMINAL:
    '`1` when its output is a terminal (the first administrator’s setup link may be shown there); read by main.ts, not a schema setting',
  CLIENT_DIST: 'the built client (`client/dist`) unless set',
  NODE_ENV: '`development` unless set',
  DEV_MESSAGES_ENABLED: '`true` in development, unless set',
  CUSTOMER_SECRET: 'a random secret kept beside the data (`.data/customer-secret`), unless set',
  METRICS_PORT:
    '`9464` (metrics on their own port, on 127.0.0.1), any free port when 9464 is taken, unless set; empty turns them off',
};

/** The production refusal of each variable, in words (one the checks name without a line here fails the test). */
export const PRODUCTION_REFUSALS: Record<string, string> = {
  ALTCHA_HMAC_KEY: 'the development key',
  TICKET_SIGNING_KEY: 'the development key',
  CUSTOMER_SECRET: 'the development value',
  PUBLIC_BASE_URL: 'unset (confirmation links need it)',
  DEV_MESSAGES_ENABLED: 'on',
  INTEGRATION_PARTNERS: 'a partner with the development secret',
  VALIDATE_RESPONSES: 'on',
  HOLDS_TEST_CLOCK: 'on',
  PASSWORD_HASH_COST: '`test-only-weak`',
};

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function configurationDoc(): string {
  const all = settings();
  const groups = [...new Set(all.map((s) => s.group))];
  const lines = [
    '# Configuration: every setting the server reads',
    '',
    "<!-- Generated from the config schema (server/src/config/app-config.ts and the contexts' *_CONFIG_SHAPE files) by",
    '     server/test/config/configuration-doc.test.ts. Do not edit by hand: change the schema or its doc comments, then',
    '     UPDATE_CONFIG_DOC=1 node scripts/test.mjs --only=jest -- server/test/config/configuration-doc.test.ts -->',
    '',
    `The server reads ${all.length} environment variables, validated once at boot (\`parseAppConfig\`): a bad value stops`,
    'the boot with a message naming the variable. Each context declares its own settings in a `*-config.ts` beside its',
    'code; app-config.ts spreads them into the one schema. Booleans take `true`/`false` (most also `1`/`0`/`yes`/`no`).',
    'Outside the schema: `SEED=none` (an empty product: no demo data, the first administrator set up through a link),',
    '`HOTLINE_DATA_DIR` (where `npm start` keeps its PostgreSQL and Redis data, `.data` by default) and the test-only',
    '`HOTLINE_TEST_FAULT` (a crash point, honoured only with `NODE_ENV=test`).',
    '',
    '## What `npm start` sets',
    '',
    '`scripts/start.mjs` passes its own environment through and sets these (a variable you set wins):',
    '',
    '| variable | value |',
    '| --- | --- |',
    ...setByNpmStart().map((n) => `| \`${n}\` | ${cell(NPM_START_VALUES[n] ?? '')} |`),
    '',
    '## What production refuses',
    '',
    'With `NODE_ENV=production` (the default) the server refuses to boot when one of these is as shown (a secret that is',
    'public in this repository, a test-only switch, a missing public address), naming each problem (`productionProblems`):',
    '',
    '| variable | refused when |',
    '| --- | --- |',
    ...refusedInProduction().map((n) => `| \`${n}\` | ${cell(PRODUCTION_REFUSALS[n] ?? '')} |`),
    '',
  ];
  for (const group of groups) {
    lines.push(`## ${group}`, '', '| variable | type | default | what it does |', '| --- | --- | --- | --- |');
    for (const s of all.filter((x) => x.group === group))
      lines.push(`| \`${s.name}\` | ${s.type} | ${cell(s.default)} | ${cell(s.description)} |`);
    lines.push('');
  }
  return lines.join('\n');
}
