/**
 * The sale statement put together from parts (docs/decisions/017-sale-statement-in-parts.md): the sale's own part
 * (reservation, tickets, payment, outbox, cart) and one part per participant that writes something of its own. Each
 * part names its parameters and reads them off its own payload; the builder numbers them ($1, $2, ...) in the order
 * the parts come, so no part knows another's positions and nobody counts to 48 by hand. Still ONE statement: the parts
 * are data-modifying CTEs of one WITH, run atomically in one round trip. A part with nothing to write in a sale is
 * left out of that sale's text (saleStatements, docs/decisions/029-sale-statement-by-shape.md).
 */

/** How a part reads one parameter off its payload (a method's type: a part of any payload fits the builder's list). */
type ParamOf<P> = { read(payload: P): unknown }['read'];

/**
 * One part's CTEs. `ctes` gets each of the part's parameters as its placeholder (`$7`), and the sale's own
 * parameters every part may use (`sale`: cartIdentifier, locale): casts stay in the SQL, beside their use.
 * The CTE `res` (the reservation's id) is in scope for every part.
 */
export interface SaleStatementPart<S, P = unknown, K extends string = string> {
  /** Unique in the statement (what an error names). */
  readonly name: string;
  /** The part's own data, out of the whole sale. */
  payloadOf(sale: S): P;
  readonly params: Record<K, ParamOf<P>>;
  ctes(p: Record<K, string>, sale: Record<SharedParam, string>): string;
}

/** The sale's own parameters that the participants' parts may name (the payment rows carry the cart, the outbox the locale). */
export type SharedParam = 'cartIdentifier' | 'locale';

/**
 * The sale's own part: the first CTEs (`res` among them), the shared parameters, the CTEs that close the sale after
 * every part's (outbox, cart), and the statement's final SELECT.
 */
export interface SaleCorePart<S, P, K extends string> extends SaleStatementPart<S, P, K | SharedParam> {
  closing(p: Record<K | SharedParam, string>): string;
  select: string;
}

export interface SaleStatement<S> {
  readonly sql: string;
  /** How many parameters the statement binds. */
  readonly paramCount: number;
  /** The parameter values for this sale, in the statement's numbering. */
  params(sale: S): unknown[];
}

interface Bound<S> {
  part: SaleStatementPart<S, unknown>;
  readers: ParamOf<unknown>[];
}

/** Puts the statement together once (the text is the prepared statement's: the same for every sale). */
export function saleStatement<S, P, K extends string>(
  core: SaleCorePart<S, P, K>,
  parts: SaleStatementPart<S>[],
): SaleStatement<S> {
  const all = [core, ...parts] as unknown as SaleStatementPart<S, unknown>[];
  const names = all.map((p) => p.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new Error(`sale statement part named twice: ${twice}`);
  let next = 1;
  const bound: Bound<S>[] = [];
  const placeholders = all.map((part) => {
    const own: Record<string, string> = {};
    const readers: ParamOf<unknown>[] = [];
    for (const [key, read] of Object.entries(part.params)) {
      own[key] = `$${next++}`;
      readers.push(read as ParamOf<unknown>);
    }
    bound.push({ part, readers });
    return own;
  });
  const shared = { cartIdentifier: placeholders[0]!.cartIdentifier!, locale: placeholders[0]!.locale! };
  const coreUsed = new Set<string>();
  const ctes = all.map((part, i) => {
    const used = i === 0 ? coreUsed : new Set<string>();
    const text = part.ctes(watched(part.name, placeholders[i]!, used), shared).trim();
    if (i > 0) refuseUnused(part.name, placeholders[i]!, used);
    return text;
  });
  ctes.push(core.closing(watched(core.name, placeholders[0]!, coreUsed)).trim());
  refuseUnused(core.name, placeholders[0]!, coreUsed);
  const sql = `\nWITH ${ctes.join(', ')}\n${core.select.trim()}`;
  const paramCount = next - 1;
  return {
    sql,
    paramCount,
    // Per commit: one array of the statement's size filled in place (a flatMap of per-part arrays cost twice the old
    // positional list's CPU; this is within a fifth of it).
    params(sale: S): unknown[] {
      const values = new Array<unknown>(paramCount);
      let i = 0;
      for (const { part, readers } of bound) {
        const payload = part.payloadOf(sale);
        for (const read of readers) values[i++] = read(payload);
      }
      return values;
    },
  };
}

/** The statement of one sale's shape, with the name it is prepared under (the same shape, the same name and text). */
export interface ShapedSaleStatement<S> {
  readonly name: string;
  readonly statement: SaleStatement<S>;
}

export interface SaleStatements<S> {
  /** The statement for this sale: the core and, in their order, the parts that have something to write in it. */
  for(sale: S): ShapedSaleStatement<S>;
  /** Every part: the text each shape is cut from (what any sale may write, and so which triggers it may fire). */
  readonly whole: SaleStatement<S>;
}

/** Nothing to write: a part reads no rows out of a null or empty payload (each part inserts from its arrays). */
function writesNothing(payload: unknown): boolean {
  return payload === null || payload === undefined || (Array.isArray(payload) && payload.length === 0);
}

/**
 * The sale statement by shape: a part whose payload is empty is left out of the text, so PostgreSQL neither plans,
 * locks nor opens the tables and indexes of writes that write no rows (a plain ticket sale carries no vouchers, gift
 * vouchers, donations or waivers). The parts that stay keep their order, so rows are still written and locked in the
 * one order. Each shape is put together once and named by its parts (`sale`, `sale+vouchers`, ...), a prepared
 * statement per shape and connection. Every part is checked when this is made (the whole statement is put together),
 * so a mistake in a rare part fails at the first sale, not at the first sale that carries it.
 */
export function saleStatements<S, P, K extends string>(
  core: SaleCorePart<S, P, K>,
  parts: SaleStatementPart<S>[],
): SaleStatements<S> {
  const whole = saleStatement(core, parts);
  const byShape = new Map<string, ShapedSaleStatement<S>>();
  return {
    whole,
    for(sale: S): ShapedSaleStatement<S> {
      const present = parts.filter((part) => !writesNothing(part.payloadOf(sale)));
      const shape = present.map((part) => part.name).join('+');
      let shaped = byShape.get(shape);
      if (!shaped) {
        shaped = { name: shape ? `${core.name}+${shape}` : core.name, statement: saleStatement(core, present) };
        byShape.set(shape, shaped);
      }
      return shaped;
    },
  };
}

/** A parameter declared and never named in the SQL is a mistake (its value would be sent for nothing). */
function refuseUnused(part: string, placeholders: Record<string, string>, used: Set<string>): void {
  const unused = Object.keys(placeholders).filter((k) => !used.has(k));
  if (unused.length) throw new Error(`sale statement part ${part} never uses: ${unused.join(', ')}`);
}

/** The placeholders, noting which the part names and refusing one it does not declare (a typo is not `undefined`). */
function watched(part: string, placeholders: Record<string, string>, used: Set<string>): Record<string, string> {
  return new Proxy(placeholders, {
    get(target, key) {
      if (typeof key !== 'string' || !(key in target))
        throw new Error(`sale statement part ${part} has no ${String(key)}`);
      used.add(key);
      return target[key];
    },
  });
}
