import type { DesignerDoc, Entity, Id, Meta, TableName } from './doc';

/**
 * One entity replaced: what was under the id before and what is there after (undefined = absent). A command is a list
 * of these, so undo applies the same list backwards with before and after swapped: a 20,000-seat block is 20,000 map
 * writes either way, never a copy of the plan.
 */
export type Change = {
  [T in TableName]: { table: T; id: Id; before: Entity<T> | undefined; after: Entity<T> | undefined };
}[TableName];

export interface Command {
  /** What the live region announces and the undo button names (a translation key under designer.commands). */
  label: string;
  changes: Change[];
  meta?: { before: Meta; after: Meta };
}

function put(doc: DesignerDoc, c: Change, forward: boolean): void {
  const value = forward ? c.after : c.before;
  const table = doc[c.table] as Map<Id, unknown>;
  if (value === undefined) table.delete(c.id);
  else table.set(c.id, value);
}

export function applyCommand(doc: DesignerDoc, cmd: Command): void {
  for (const c of cmd.changes) put(doc, c, true);
  if (cmd.meta) doc.meta = cmd.meta.after;
}

export function revertCommand(doc: DesignerDoc, cmd: Command): void {
  for (let i = cmd.changes.length - 1; i >= 0; i--) put(doc, cmd.changes[i]!, false);
  if (cmd.meta) doc.meta = cmd.meta.before;
}

/** Collects changes against the current document; `set` of the same id twice keeps the first `before`. */
export class ChangeBuilder {
  private readonly changes: Change[] = [];
  private readonly seen = new Map<string, Change>();
  private meta: { before: Meta; after: Meta } | undefined;

  constructor(private readonly doc: DesignerDoc) {}

  set<T extends TableName>(table: T, id: Id, after: Entity<T> | undefined): void {
    const key = `${table}:${id}`;
    const known = this.seen.get(key);
    if (known) {
      (known as { after: unknown }).after = after;
      return;
    }
    const before = (this.doc[table] as Map<Id, Entity<T>>).get(id);
    if (before === undefined && after === undefined) return;
    const change = { table, id, before, after } as Change;
    this.seen.set(key, change);
    this.changes.push(change);
  }

  remove(table: TableName, id: Id): void {
    this.set(table, id, undefined);
  }

  setMeta(after: Meta): void {
    this.meta = { before: this.meta?.before ?? this.doc.meta, after };
  }

  build(label: string): Command | null {
    if (!this.changes.length && !this.meta) return null;
    return { label, changes: this.changes, meta: this.meta };
  }
}
