import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The sale statement's participants bring their own payloads (docs/decisions/017-sale-statement-in-parts.md): each
 * adds its field to `SaleInput` from its own context with a module augmentation of '../reservations', and
 * reservations/ names none of them: no payload type, no payload field read off a sale. Read from the source with the
 * compiler's checker over reservations/ and the augmenting files only (nothing else is loaded), so a field read in
 * reservations/ is told from another of the same name (a message's `channel`) by where it is declared.
 */

const SRC = path.resolve(__dirname, '../../src');
const RESERVATIONS = 'reservations/';

/**
 * Participants without a payload of their own, each with why. What the hold participant records is read by the sale's
 * own part too (SALE_CORE writes the reservation as the customer's hold), so `hold` is a field of the sale itself.
 */
const WITHOUT_PAYLOAD: Record<string, string> = {
  hold: "the sale statement's own part writes the reservation as a hold: `hold` is the sale's own field",
};

interface Source {
  path: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.test.ts')) return [];
    return [{ path: path.relative(SRC, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

const AUGMENTS_SALE = /declare\s+module\s+['"]\.\.\/reservations['"]/;

/** Where a participant's payload would be named in reservations/: payload types, and payload fields read off a sale. */
export function payloadNamesIn(files: Source[]): string[] {
  const host = ts.createCompilerHost({});
  const inMemory = new Map(files.map((f) => [path.join(SRC, f.path), f.text]));
  const read = host.readFile.bind(host);
  host.readFile = (name) => inMemory.get(name) ?? read(name);
  host.fileExists = (name) => inMemory.has(name) || ts.sys.fileExists(name);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) => {
    const text = inMemory.get(name);
    return text === undefined ? getSource(name, language) : ts.createSourceFile(name, text, language, true);
  };
  const roots = files.filter((f) => f.path.startsWith(RESERVATIONS) || AUGMENTS_SALE.test(f.text));
  const program = ts.createProgram(
    roots.map((f) => path.join(SRC, f.path)),
    { noResolve: true, noLib: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
    host,
  );
  const checker = program.getTypeChecker();
  const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
  const augmenting = new Set(roots.filter((r) => AUGMENTS_SALE.test(r.text)).map((r) => r.path));
  const declaredOutside = (symbol: ts.Symbol | undefined): string | null => {
    const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    // SaleInput itself is declared in reservations/ and merged with the augmentations: only what has no declaration
    // in reservations/ is a participant's.
    const files = (target?.declarations ?? []).map((d) => relative(d.getSourceFile().fileName));
    if (files.some((file) => file.startsWith(RESERVATIONS))) return null;
    return files.find((file) => !file.startsWith('..')) ?? null;
  };
  const found: string[] = [];
  for (const f of roots.filter((r) => r.path.startsWith(RESERVATIONS))) {
    const file = program.getSourceFile(path.join(SRC, f.path))!;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) {
        const owner = declaredOutside(checker.getSymbolAtLocation(node));
        if (owner && augmenting.has(owner)) found.push(`${f.path}: ${node.text} (${owner})`);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  // A payload field declared again on reservations' own SaleInput (merged with the participant's), or a payload type
  // declared again in reservations/ under its name: the payload is named here once more.
  const payloadFields = new Map<string, string>();
  for (const r of roots.filter((x) => augmenting.has(x.path)))
    for (const name of payloadFieldNames(program.getSourceFile(path.join(SRC, r.path))!))
      payloadFields.set(name, r.path);
  // SaleInput's own declarations in reservations/ and the interfaces they extend there (SaleOwn), by name.
  const interfaces = roots
    .filter((r) => r.path.startsWith(RESERVATIONS))
    .flatMap((r) => program.getSourceFile(path.join(SRC, r.path))!.statements.filter(ts.isInterfaceDeclaration));
  const shapes = new Set(['SaleInput']);
  for (const name of shapes)
    for (const d of interfaces.filter((i) => i.name.text === name))
      for (const base of d.heritageClauses?.flatMap((h) => h.types) ?? [])
        if (ts.isIdentifier(base.expression)) shapes.add(base.expression.text);
  for (const d of interfaces.filter((i) => shapes.has(i.name.text)))
    for (const member of d.members)
      if (member.name && ts.isIdentifier(member.name) && payloadFields.has(member.name.text))
        found.push(
          `${relative(d.getSourceFile().fileName)}: ${member.name.text} (${payloadFields.get(member.name.text)})`,
        );
  const payloadTypes = new Set(
    roots
      .filter((r) => augmenting.has(r.path))
      .flatMap((r) => payloadTypeNames(program.getSourceFile(path.join(SRC, r.path))!)),
  );
  for (const f of roots.filter((r) => r.path.startsWith(RESERVATIONS))) {
    program.getSourceFile(path.join(SRC, f.path))!.forEachChild((node) => {
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && payloadTypes.has(node.name.text))
        found.push(`${f.path}: ${node.name.text} (a payload type)`);
    });
  }
  return [...new Set(found)].sort();
}

/** The fields an augmentation adds to SaleInput (vouchers, channel, ...). */
function payloadFieldNames(file: ts.SourceFile): string[] {
  const names: string[] = [];
  file.forEachChild((node) => {
    if (!ts.isModuleDeclaration(node) || !ts.isStringLiteral(node.name) || node.name.text !== '../reservations') return;
    node.body?.forEachChild((inner) => {
      if (ts.isInterfaceDeclaration(inner) && inner.name.text === 'SaleInput')
        for (const member of inner.members)
          if (member.name && ts.isIdentifier(member.name)) names.push(member.name.text);
    });
  });
  return names;
}

/** The types an augmentation of SaleInput names for its fields (VoucherPayment, SaleChannel, ...). */
function payloadTypeNames(file: ts.SourceFile): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) names.push(node.typeName.text);
    ts.forEachChild(node, visit);
  };
  file.forEachChild((node) => {
    if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && node.name.text === '../reservations')
      visit(node);
  });
  return names.filter((n) => n !== 'SaleInput');
}

/** The participants (`readonly name = '...'` of a RegisteredSaleParticipant), each with its file. */
function participants(files: Source[]): { name: string; path: string }[] {
  return files
    .filter((f) => /extends\s+RegisteredSaleParticipant\b/.test(f.text))
    .map((f) => ({ name: /readonly\s+name\s*=\s*'([^']+)'/.exec(f.text)?.[1] ?? '?', path: f.path }));
}

describe("reservations/ names no participant's payload", () => {
  const files = sources(SRC);

  it('every participant lives outside reservations/ and adds its own payload to SaleInput from there', () => {
    const all = participants(files);
    expect(all.filter((p) => p.path.startsWith(RESERVATIONS))).toEqual([]);
    const withoutPayload = all.filter((p) => !AUGMENTS_SALE.test(files.find((f) => f.path === p.path)!.text));
    expect(withoutPayload.map((p) => p.name).sort()).toEqual(Object.keys(WITHOUT_PAYLOAD).sort());
  });

  it('reservations/ names no payload type and reads no payload field', () => {
    expect(payloadNamesIn(files)).toEqual([]);
  });

  it('control: a payload named again in reservations/ is caught, a same-named field of its own is not', () => {
    const input = files.find((f) => f.path === 'reservations/sale-input.ts')!;
    const back = files.map((f) =>
      f === input
        ? {
            ...f,
            text: `${f.text}\nexport const readsChannel = (s: SaleInput) => s.channel;\nexport const own = (s: SaleInput) => s.messages.map((m) => m.channel);\n`,
          }
        : f,
    );
    expect(payloadNamesIn(back)).toEqual(['reservations/sale-input.ts: channel (orders/channel-sale.participant.ts)']);
    // The field and its type put back on the sale's own shape, as they were before they moved to memberships/.
    const declaredAgain = files.map((f) =>
      f === input
        ? {
            ...f,
            text: f.text.replace(
              'export interface SaleOwn {',
              'export interface MembershipSaleData {\n  sold: unknown[];\n}\nexport interface SaleOwn {\n  memberships?: MembershipSaleData;',
            ),
          }
        : f,
    );
    expect(payloadNamesIn(declaredAgain)).toEqual([
      'reservations/sale-input.ts: MembershipSaleData (a payload type)',
      'reservations/sale-input.ts: memberships (memberships/membership-sale.participant.ts)',
    ]);
  });
});
