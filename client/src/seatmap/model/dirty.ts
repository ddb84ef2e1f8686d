/**
 * A set of section indices that need repainting.
 *
 * Why a class and not a Set<number>: it is marked from hot paths (every delta
 * row, every selection change) and drained once per frame; a flag array plus a
 * list gives O(1) dedupe, no hashing and no allocation in steady state.
 */
export class DirtySections {
  private readonly flags: Uint8Array;
  private list: Int32Array;
  /** Second buffer so `drain` can hand out one list while callbacks mark into the other. */
  private spare: Int32Array;
  private length = 0;

  constructor(readonly sectionCount: number) {
    this.flags = new Uint8Array(sectionCount);
    this.list = new Int32Array(sectionCount);
    this.spare = new Int32Array(sectionCount);
  }

  get size(): number {
    return this.length;
  }

  has(section: number): boolean {
    return this.flags[section] === 1;
  }

  mark(section: number): void {
    if (section < 0 || section >= this.sectionCount || this.flags[section]) return;
    this.flags[section] = 1;
    this.list[this.length++] = section;
  }

  markAll(): void {
    for (let s = 0; s < this.sectionCount; s++) this.mark(s);
  }

  /** Dirty sections in marking order (a view: valid until the next mark/clear). */
  peek(): Int32Array {
    return this.list.subarray(0, this.length);
  }

  /** Calls `fn` for every dirty section, then clears the set. */
  drain(fn: (section: number) => void): void {
    const n = this.length;
    const draining = this.list;
    // Swap buffers and clear first, so `fn` may re-mark a section for the next frame.
    this.list = this.spare;
    this.spare = draining;
    this.length = 0;
    for (let k = 0; k < n; k++) this.flags[draining[k]!] = 0;
    for (let k = 0; k < n; k++) fn(draining[k]!);
  }

  /** Returns the dirty sections as a new array and clears the set. */
  take(): number[] {
    const out = Array.from(this.peek());
    this.clear();
    return out;
  }

  clear(): void {
    for (let k = 0; k < this.length; k++) this.flags[this.list[k]!] = 0;
    this.length = 0;
  }
}
