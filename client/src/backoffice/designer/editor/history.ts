import type { DesignerDoc } from './doc';
import { applyCommand, revertCommand, type Command } from './ops';

/** Undo and redo for the session, unlimited: each entry is a command's changes (inverse operations, not snapshots). */
export class HistoryManager {
  private readonly done: Command[] = [];
  private readonly undone: Command[] = [];

  constructor(private readonly doc: () => DesignerDoc) {}

  /** Applies a new command; redo is forgotten. */
  run(cmd: Command): void {
    applyCommand(this.doc(), cmd);
    this.done.push(cmd);
    this.undone.length = 0;
  }

  undo(): Command | null {
    const cmd = this.done.pop();
    if (!cmd) return null;
    revertCommand(this.doc(), cmd);
    this.undone.push(cmd);
    return cmd;
  }

  redo(): Command | null {
    const cmd = this.undone.pop();
    if (!cmd) return null;
    applyCommand(this.doc(), cmd);
    this.done.push(cmd);
    return cmd;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  get undoLabel(): string | null {
    return this.done[this.done.length - 1]?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.undone[this.undone.length - 1]?.label ?? null;
  }

  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }
}
