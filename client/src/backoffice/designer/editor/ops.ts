import type { DesignerDoc, Entity, Id, Meta, TableName } from './doc';

/**
 * One entity replaced: what was under the id before and what is there after (undefined = absent). A command is a list
 * of these, so undo applies the same list backwards with before and after swapped: a 20,000-seat block is 20,000 map
 * writes either way, never a copy of the plan.
 *
 * A table's order is the drawing order (the first is the deepest; a click finds the topmost). A removal remembers
 * where the entity stood (`at`), so undo puts it back at that depth rather than on top.
 */
export type Change = {
  [T in TableName]: { table: T; id: Id; before: Entity<T> | undefined; after: Entity<T> | undefined; at?: number };
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
  const restored = new Map<TableName, { id: Id; value: unknown; at: number }[]>();
  for (let i = cmd.changes.length - 1; i >= 0; i--) {
    const c = cmd.changes[i]!;
    if (c.at === undefined) put(doc, c, false);
    else {
      let list = restored.get(c.table);
      if (!list) restored.set(c.table, (list = []));
      list.push({ id: c.id, value: c.before, at: c.at });
    }
  }
  // Once everything else is undone, the table is the one the removals were counted in, less them.
  for (const [table, list] of restored) restoreAt(doc[table] as Map<Id, unknown>, list);
  if (cmd.meta) doc.meta = cmd.meta.before;
}

/** Puts entities back where they stood in the table's order (`at`, counted with them present). */
function restoreAt(table: Map<Id, unknown>, list: { id: Id; value: unknown; at: number }[]): void {
  list.sort((a, b) => a.at - b.at);
  if (list[0]!.at >= table.size) {
    // All of them were on top: added back in order, nothing else moves.
    for (const r of list) table.set(r.id, r.value);
    return;
  }
  const rest = [...table];
  table.clear();
  let k = 0;
  let j = 0;
  const total = rest.length + list.length;
  for (let i = 0; i < total; i++) {
    const r = list[j];
    if (r && (r.at <= i || k >= rest.length)) {
      table.set(r.id, r.value);
      j++;
    } else {
      const [id, value] = rest[k++]!;
      table.set(id, value);
    }
  }
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
    this.rememberDepths();
    return { label, changes: this.changes, meta: this.meta };
  }

  /** Where each removed entity stands in its table's order: one walk of a table's ids, only if it loses some. */
  private rememberDepths(): void {
    const removed = new Map<TableName, Map<Id, Change>>();
    for (const c of this.changes) {
      if (c.before === undefined || c.after !== undefined) continue;
      let byId = removed.get(c.table);
      if (!byId) removed.set(c.table, (byId = new Map()));
      byId.set(c.id, c);
    }
    for (const [table, byId] of removed) {
      let i = 0;
      for (const id of (this.doc[table] as Map<Id, unknown>).keys()) {
        const c = byId.get(id);
        if (c) c.at = i;
        i++;
      }
    }
  }
}
