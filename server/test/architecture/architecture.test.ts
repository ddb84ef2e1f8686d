import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The server's boundaries, checked by reading files (docs/server-modules.md, "Server modules"). A context is
 * a folder of server/src. The lists below are today's measured debt, each with its reason: a NEW cycle, reach or
 * outbox writer fails, and an entry that no longer exists fails too, so the lists only shrink.
 */

/**
 * Context edges that close import cycles today (a feedback set: without them the context graph is acyclic). Any other
 * edge that closes a cycle fails. None left: the context graph is acyclic; an entry here is a last resort, with its
 * reason.
 */
const CYCLE_EDGES: Record<string, string> = {};

/**
 * Infrastructure folders: they import no business context (imports among themselves are fine). `observability` is one:
 * every context records through its Metrics port, and it reads only infrastructure (the pool, Redis, the alarm).
 */
const INFRA = ['common', 'config', 'database', 'observability', 'redis'];
/** Today's infrastructure -> business imports. */
const INFRA_IMPORTS: Record<string, string> = {
  'config -> backoffice': "the config schema is composed from each context's own schema file (backoffice-config.ts)",
  'config -> catalogue-admin': 'as config -> backoffice (catalogue-admin-config.ts)',
  'config -> channels': 'as config -> backoffice (integration-config.ts)',
  'config -> customers': 'as config -> backoffice (customers-config.ts)',
  'config -> holds': 'as config -> backoffice (holds-config.ts)',
  'config -> payment': 'as config -> backoffice (booking-config.ts)',
  'config -> queue': 'as config -> backoffice (queue-config.ts)',
};

/**
 * The files where `INSERT INTO notification_outbox` may appear: notifications/ owns the outbox, and the single-statement
 * sale writes its confirmations as one CTE of that statement (the hot path's one round trip).
 */
const OUTBOX_WRITERS: Record<string, string> = {
  'reservations/sales.repository.ts':
    "the sale statement's outbox CTE: the sale and its confirmations in one statement",
  'reservations/grouped-sale.ts':
    'the same CTE for plain sales written together by one statement (decision 038), row for row what the sale writes',
};

const SRC = path.resolve(__dirname, '../../src');
const DOC = path.resolve(__dirname, '../../../docs/server-modules.md');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
/** The context of a file under server/src, or null for the composition root (server/src/*.ts). */
const contextOf = (relPath: string) => (relPath.includes('/') ? relPath.split('/')[0] : null);
const contexts = readdirSync(SRC)
  .filter((n) => statSync(path.join(SRC, n)).isDirectory() && tsFiles(path.join(SRC, n)).length > 0)
  .sort();

/** A specifier to the file it names: x.ts, x/index.ts (the build resolves the same way). */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

interface Import {
  from: string; // path under server/src
  to: string;
  typeOnly: boolean;
}
const TYPE_ONLY = /^\s*(?:import|export)\s+type\s[^;]*?from\s+['"]([^'"]+)['"]/gm;
const imports: Import[] = tsFiles(SRC).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const typeOnly = new Set([...text.matchAll(TYPE_ONLY)].map((m) => m[1]));
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((i) => i.fileName.startsWith('.'))
    .map((i) => {
      const target = resolve(file, i.fileName);
      if (!target) throw new Error(`${rel(file)}: cannot resolve ${i.fileName}`);
      return { from: rel(file), to: rel(target), typeOnly: typeOnly.has(i.fileName) };
    })
    .filter((i) => !i.to.startsWith('..'));
});
/** Imports from one context into another (the composition root left out: it wires every module). */
const crossing = imports.filter((i) => {
  const a = contextOf(i.from);
  const b = contextOf(i.to);
  return a !== null && b !== null && a !== b;
});
const edgeOf = (i: Import) => `${contextOf(i.from)} -> ${contextOf(i.to)}`;
const ends = (edge: string) => edge.split(' -> ') as [string, string];

/** Strongly connected components of a graph with more than one node (Tarjan). */
function cycles(edges: Iterable<string>): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const [a, b] = ends(e);
    next.set(a, [...(next.get(a) ?? []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

/** One concrete cycle inside a strongly connected component, as `a -> b -> ... -> a` (shortest from its first node). */
function aCycle(scc: string[], edges: string[]): string {
  const inside = edges.map(ends).filter(([a, b]) => scc.includes(a) && scc.includes(b));
  const start = scc[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const [, w] of inside.filter(([a]) => a === v)) {
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start].join(' -> ');
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return scc.join(', ');
}

/** The seat engine's storage: private to seats/ (other contexts change seats through SeatEngineService only). */
const SEAT_STORE_FILES = /^seats\/(seat-store\.port|redis-seat-store|lua\/.*)\.ts$/;
const SEAT_STORE_NAMES = new Set(['SeatStore', 'RedisSeatStore']);

/**
 * Files outside seats/ that reach the seat store: an import of one of its files, or of its classes by name from any
 * seats/ file (the public entry included). `files`: path under server/src -> text.
 */
function seatStoreLeaks(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (contextOf(file) === 'seats' || contextOf(file) === null) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    for (const node of source.statements) {
      if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
      const spec = (node.moduleSpecifier as ts.StringLiteral).text;
      if (!spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const to = /\.ts$/.test(target)
        ? target
        : files.has(`${target}/index.ts`)
          ? `${target}/index.ts`
          : `${target}.ts`;
      if (contextOf(to) !== 'seats') continue;
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      const names =
        bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))
          ? bindings.elements.map((e) => (e.propertyName ?? e.name).text)
          : [];
      if (SEAT_STORE_FILES.test(to)) found.push(`${file}: imports ${to}`);
      else if (names.some((n) => SEAT_STORE_NAMES.has(n)))
        found.push(`${file}: imports ${names.join(', ')} from ${to}`);
    }
  }
  return found.sort();
}

describe('server boundaries', () => {
  it('docs/server-modules.md names every folder of server/src in its module table, and nothing else', () => {
    const doc = readFileSync(DOC, 'utf8');
    const table = doc.slice(doc.indexOf('| module | owns |'));
    const rows = table
      .slice(0, table.search(/\n\s*\n/))
      .split('\n')
      .slice(2);
    const named = rows.map((row) => /^\|\s*`([^`]+)`\s*\|/.exec(row)?.[1]).filter((n) => n !== undefined);
    expect(named.length).toBe(rows.length);
    expect([...named].sort()).toEqual(contexts);
  });

  const businessEdges = new Set(
    crossing.filter((i) => !INFRA.includes(contextOf(i.from)!) && !INFRA.includes(contextOf(i.to)!)).map(edgeOf),
  );

  it('has no import cycle between contexts beyond the listed debt', () => {
    const typeOnlyEdges = [...businessEdges].filter((e) =>
      crossing.filter((i) => edgeOf(i) === e).every((i) => i.typeOnly),
    );
    const allowed = [...businessEdges].filter((e) => !(e in CYCLE_EDGES));
    // A new cycle, shown as one path around it: break it (or, as a last resort, list its new edge above with a reason).
    expect(cycles(allowed).map((scc) => aCycle(scc, allowed))).toEqual([]);
    const inCycle = cycles(businessEdges);
    const stale = Object.keys(CYCLE_EDGES).filter(
      (e) => !businessEdges.has(e) || !inCycle.some((scc) => ends(e).every((c) => scc.includes(c))),
    );
    expect(stale).toEqual([]); // gone from the code: delete them from CYCLE_EDGES
    console.log(
      `context cycles (strongly connected components): ${inCycle.map((s) => `[${s.join(' ')}]`).join(' ') || 'none'}; ` +
        `${Object.keys(CYCLE_EDGES).length} listed cycle edges (${
          Object.keys(CYCLE_EDGES).filter((e) => typeOnlyEdges.includes(e)).length
        } of them type-only); ${typeOnlyEdges.length} of ${businessEdges.size} context edges are type-only`,
    );
  });

  it('keeps common, config, database, observability and redis free of business contexts', () => {
    const edges = new Set(crossing.filter((i) => INFRA.includes(contextOf(i.from)!)).map(edgeOf));
    const found = [...edges].filter((e) => !INFRA.includes(ends(e)[1])).sort();
    expect(found).toEqual(Object.keys(INFRA_IMPORTS).sort());
  });

  it("reaches into another context's files only through its public entry, or where reaches.json argues for it", () => {
    // A context's public entry is its index.ts (and its NestJS module file, which the composition root wires); the
    // infrastructure folders are shared. Any other file of another context is a reach.
    const reaches = crossing.filter(
      (i) => !INFRA.includes(contextOf(i.to)!) && !/^[^/]+\/(index|[^/]+\.module)\.ts$/.test(i.to),
    );
    const measured: Record<string, string[]> = {};
    for (const i of reaches) measured[edgeOf(i)] = [...new Set([...(measured[edgeOf(i)] ?? []), i.to])].sort();
    const allowed = JSON.parse(readFileSync(path.join(__dirname, 'reaches.json'), 'utf8')) as Record<
      string,
      { files: string[]; why: string }
    >;
    // Each allowed reach says why an import of the entry will not do.
    expect(Object.keys(allowed).filter((e) => (allowed[e]!.why ?? '').trim().length < 20)).toEqual([]);
    const added = Object.entries(measured).flatMap(([e, files]) =>
      files.filter((f) => !(allowed[e]?.files ?? []).includes(f)).map((f) => `${e}: ${f}`),
    );
    const gone = Object.entries(allowed).flatMap(([e, a]) =>
      a.files.filter((f) => !(measured[e] ?? []).includes(f)).map((f) => `${e}: ${f}`),
    );
    expect(added).toEqual([]); // new reach: import the context's public entry (add the export there), or argue for it
    expect(gone).toEqual([]); // no longer reached: delete it from reaches.json
    const files = Object.values(measured).flat().length;
    console.log(
      `cross-context reaches: ${reaches.length} imports of ${files} files over ${Object.keys(measured).length} ` +
        `context pairs; ${reaches.filter((i) => i.typeOnly).length} of the imports are type-only`,
    );
  });

  it('keeps the seat store private to seats/: other contexts change seats through the engine', () => {
    const files = new Map(tsFiles(SRC).map((f) => [rel(f), readFileSync(f, 'utf8')]));
    expect(seatStoreLeaks(files)).toEqual([]);
    // Nor handed out: not in the public entry, not in the module's exports (Nest would let another module inject it).
    const entry = ts.createSourceFile('index.ts', files.get('seats/index.ts')!, ts.ScriptTarget.Latest, false);
    const exported = entry.statements
      .filter(ts.isExportDeclaration)
      .flatMap((d) => (d.exportClause && ts.isNamedExports(d.exportClause) ? d.exportClause.elements : []))
      .map((e) => e.name.text);
    expect(exported.filter((n) => SEAT_STORE_NAMES.has(n))).toEqual([]);
    const moduleExports = /exports:\s*\[([^\]]*)\]/.exec(files.get('seats/seats.module.ts')!)?.[1] ?? '';
    expect(moduleExports.split(',').map((n) => n.trim())).not.toContain('SeatStore');
  });

  it('control: the seat store check sees a context importing the store, by its file or by name from the entry', () => {
    const files = new Map([
      ['seats/index.ts', "export { SeatStore } from './seat-store.port';"],
      ['seats/seat-store.port.ts', 'export abstract class SeatStore {}'],
      ['seats/seat-engine.service.ts', "import { SeatStore } from './seat-store.port';"],
      ['holds/hold-release.job.ts', "import { SeatStore } from '../seats';"],
      ['cancellations/cancellation.service.ts', "import { type SeatStore as Store } from '../seats/index';"],
      ['order-changes/order-changes.service.ts', "import type { Swapped } from '../seats/seat-store.port';"],
      ['orders/commit.ts', "import { RedisSeatStore } from '../seats/redis-seat-store';"],
      ['memberships/ok.ts', "import { SeatEngineService } from '../seats';"],
    ]);
    expect(seatStoreLeaks(files)).toEqual([
      'cancellations/cancellation.service.ts: imports SeatStore from seats/index.ts',
      'holds/hold-release.job.ts: imports SeatStore from seats/index.ts',
      'order-changes/order-changes.service.ts: imports seats/seat-store.port.ts',
      'orders/commit.ts: imports seats/redis-seat-store.ts',
    ]);
  });

  it('has one outbox writer: notifications/, and the sale statement', () => {
    const writers = tsFiles(SRC)
      .filter((f) => /INSERT\s+INTO\s+notification_outbox\b/i.test(readFileSync(f, 'utf8')))
      .map(rel)
      .filter((f) => !f.startsWith('notifications/'))
      .sort();
    expect(writers).toEqual(Object.keys(OUTBOX_WRITERS).sort());
    for (const file of Object.keys(OUTBOX_WRITERS)) {
      const sale = readFileSync(path.join(SRC, file), 'utf8');
      expect(sale.match(/INSERT\s+INTO\s+notification_outbox/gi)).toHaveLength(1);
    }
    // Nor through TypeORM's entity: only the entity list (database/) and notifications/ name it.
    const entityUsers = tsFiles(SRC)
      .map(rel)
      .filter((f) => !f.startsWith('database/') && !f.startsWith('notifications/'))
      .filter((f) => readFileSync(path.join(SRC, f), 'utf8').includes('NotificationOutboxEntity'));
    expect(entityUsers).toEqual([]);
  });
});
