import type { Id, TableName } from './doc';

/** Which table an id lives in: ids carry their kind as a prefix (doc.ts newId). 'stage' is the plan's stage. */
export function tableOf(id: Id): TableName | 'stage' | null {
  if (id === 'stage') return 'stage';
  if (id.startsWith('st')) return 'seats';
  if (id.startsWith('sc')) return 'sections';
  if (id.startsWith('zn')) return 'zones';
  if (id.startsWith('lb')) return 'labels';
  if (id.startsWith('dc')) return 'shapes';
  return null;
}

/** What is selected on the canvas: seats, sections, labels, decorative shapes, the stage. */
export class SelectionManager {
  private ids = new Set<Id>();
  /** Bumped on every change of what is selected (what is worked out from the selection is kept until it moves). */
  serial = 0;

  get size(): number {
    return this.ids.size;
  }

  has(id: Id): boolean {
    return this.ids.has(id);
  }

  all(): Id[] {
    return [...this.ids];
  }

  /** replace: only these; add: these too; toggle: each in or out (shift-click). */
  select(ids: Iterable<Id>, mode: 'replace' | 'add' | 'toggle' = 'replace'): void {
    this.serial++;
    if (mode === 'replace') this.ids = new Set();
    for (const id of ids) {
      if (mode === 'toggle' && this.ids.has(id)) this.ids.delete(id);
      else this.ids.add(id);
    }
  }

  clear(): void {
    this.serial++;
    this.ids = new Set();
  }

  /** Forget ids that no longer exist (after undo or delete). */
  prune(exists: (id: Id) => boolean): void {
    for (const id of this.ids)
      if (!exists(id)) {
        this.ids.delete(id);
        this.serial++;
      }
  }

  ofTable(table: TableName | 'stage'): Id[] {
    return [...this.ids].filter((id) => tableOf(id) === table);
  }
}
