import { saleStatement, saleStatements, type SaleCorePart, type SaleStatementPart } from './sale-statement';

interface Sale {
  cart: string;
  locale: string;
  total: number;
  gifts: { id: number; amount: number }[];
  note: string | null;
}

const core: SaleCorePart<Sale, Sale, 'total'> = {
  name: 'sale',
  payloadOf: (s) => s,
  params: { cartIdentifier: (s) => s.cart, locale: (s) => s.locale, total: (s) => s.total },
  ctes: (p) =>
    `res AS (INSERT INTO r (cart, locale, total) VALUES (${p.cartIdentifier}, ${p.locale}, ${p.total}) RETURNING id)`,
  closing: (p) => `fin AS (UPDATE cart SET paid = true WHERE cart = ${p.cartIdentifier} RETURNING id)`,
  select: 'SELECT (SELECT id FROM res) AS id',
};

const gifts: SaleStatementPart<Sale, Sale['gifts'], 'ids' | 'amounts'> = {
  name: 'gifts',
  payloadOf: (s) => s.gifts,
  params: { ids: (g) => g.map((x) => x.id), amounts: (g) => g.map((x) => x.amount) },
  ctes: (p, sale) =>
    `g AS (INSERT INTO g (res, cart, id, amount) SELECT res.id, ${sale.cartIdentifier}, u.id, u.a FROM res, unnest(${p.ids}::int[], ${p.amounts}::int[]) AS u(id, a))`,
};

const notes: SaleStatementPart<Sale, string | null, 'note'> = {
  name: 'notes',
  payloadOf: (s) => s.note,
  params: { note: (n) => n },
  ctes: (p, sale) =>
    `n AS (INSERT INTO n (res, text, locale) SELECT res.id, ${p.note}, ${sale.locale} FROM res WHERE ${p.note}::text IS NOT NULL)`,
};

const sale: Sale = {
  cart: 'c-1',
  locale: 'he',
  total: 500,
  gifts: [
    { id: 7, amount: 200 },
    { id: 9, amount: 100 },
  ],
  note: null,
};

describe('saleStatement: parts numbered in order, each reading its own payload', () => {
  test.each([
    {
      parts: [],
      count: 3,
      values: ['c-1', 'he', 500],
      has: ['VALUES ($1, $2, $3)'],
    },
    {
      parts: [gifts],
      count: 5,
      values: ['c-1', 'he', 500, [7, 9], [200, 100]],
      has: ['res.id, $1, u.id', 'unnest($4::int[], $5::int[])'],
    },
    {
      parts: [notes, gifts],
      count: 6,
      values: ['c-1', 'he', 500, null, [7, 9], [200, 100]],
      has: ['SELECT res.id, $4, $2 FROM res WHERE $4::text IS NOT NULL', 'unnest($5::int[], $6::int[])'],
    },
  ])('$count parameters with parts $parts.length', ({ parts, count, values, has }) => {
    const statement = saleStatement(core, parts as SaleStatementPart<Sale>[]);
    expect(statement.paramCount).toBe(count);
    expect(statement.params(sale)).toEqual(values);
    for (const text of has) expect(statement.sql).toContain(text);
    expect(statement.sql.trim().startsWith('WITH res AS (')).toBe(true);
    expect(statement.sql.trim().endsWith('WHERE cart = $1 RETURNING id)\nSELECT (SELECT id FROM res) AS id')).toBe(
      true,
    );
  });

  test.each([
    { why: 'a part named twice', parts: [gifts, gifts], error: 'named twice: gifts' },
    { why: 'a part named as the sale', parts: [{ ...gifts, name: 'sale' }], error: 'named twice: sale' },
    {
      why: 'a parameter declared and never used',
      parts: [{ ...notes, params: { note: (n: string | null) => n, extra: () => 1 } }],
      error: 'notes never uses: extra',
    },
    {
      why: 'a parameter used and never declared',
      parts: [{ ...notes, ctes: (p: Record<string, string>) => `n AS (SELECT ${p.nope})` }],
      error: 'notes has no nope',
    },
  ])('refuses $why', ({ parts, error }) => {
    expect(() => saleStatement(core, parts as SaleStatementPart<Sale>[])).toThrow(error);
  });
});

describe("saleStatements: a part with nothing to write is left out of that sale's text", () => {
  const statements = saleStatements(core, [notes, gifts] as SaleStatementPart<Sale>[]);
  test.each([
    {
      why: 'gifts only',
      sale,
      name: 'sale+gifts',
      values: ['c-1', 'he', 500, [7, 9], [200, 100]],
      lacks: 'INSERT INTO n ',
    },
    {
      why: 'a note only',
      sale: { ...sale, gifts: [], note: 'x' },
      name: 'sale+notes',
      values: ['c-1', 'he', 500, 'x'],
      lacks: 'INSERT INTO g ',
    },
    {
      why: "both, in the parts' order",
      sale: { ...sale, note: 'x' },
      name: 'sale+notes+gifts',
      values: ['c-1', 'he', 500, 'x', [7, 9], [200, 100]],
      lacks: null,
    },
    {
      why: 'neither: the core alone',
      sale: { ...sale, gifts: [] },
      name: 'sale',
      values: ['c-1', 'he', 500],
      lacks: 'AS (INSERT INTO g',
    },
  ])('$why: $name', ({ sale: s, name, values, lacks }) => {
    const shaped = statements.for(s);
    expect(shaped.name).toBe(name);
    expect(shaped.statement.params(s)).toEqual(values);
    expect(shaped.statement.paramCount).toBe(values.length);
    if (lacks) expect(shaped.statement.sql).not.toContain(lacks);
    // One text per shape: the prepared statement's name always means the same text.
    expect(statements.for(s)).toBe(shaped);
  });

  it('checks every part when made, not only at the first sale that carries it', () => {
    const broken = { ...gifts, ctes: (p: Record<string, string>) => `g AS (SELECT ${p.nope})` };
    expect(() => saleStatements(core, [notes, broken] as SaleStatementPart<Sale>[])).toThrow('gifts has no nope');
  });
});
