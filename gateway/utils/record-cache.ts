// A table's recently read records kept in memory within a byte budget, so a record one answer read from the Arrow
// file is not read again by the next. A filtered page's rows lie scattered through the file, one positioned read
// each (~1.4 µs), which made those reads ~60 % of an engine answer's CPU at City volume; popular records recur across
// queries (the newest communications, a member's latest meetings). The bytes live in one slab written as a ring,
// oldest out first: an exact budget, and no object per record for the garbage collector to trace.

/** Records larger than this share of the budget are not kept (one would push out many). */
const MAX_SHARE = 8;

export class RecordCache {
  private slab: Buffer | null = null;
  /** Slab offset by row. */
  private readonly offsets = new Map<number, number>();
  // Rows in the order they were written, with their offsets: the ring's oldest are at `front`.
  private rows: number[] = [];
  private starts: number[] = [];
  private front = 0;
  /** Where the next record is written. */
  private head = 0;

  /** `capacity` bytes at most (the slab is allocated at the first record kept, its pages touched as it fills). */
  constructor(readonly capacity: number) {}

  /** How many records are kept. */
  get size(): number {
    return this.offsets.size;
  }

  /** Copy row's kept bytes (`length` of them) into `target` at `at`; false when the row is not kept. */
  copyTo(row: number, length: number, target: Uint8Array, at: number): boolean {
    const from = this.offsets.get(row);
    if (from === undefined) return false;
    target.set(this.slab!.subarray(from, from + length), at);
    return true;
  }

  /** Keep a copy of row's bytes, letting the oldest records go to make room. Views handed out earlier stay valid:
   *  none is ever a view of the slab (callers copy out with copyTo). */
  put(row: number, bytes: Uint8Array): void {
    const n = bytes.byteLength;
    if (n === 0 || n > this.capacity / MAX_SHARE || this.offsets.has(row)) return;
    this.slab ??= Buffer.allocUnsafeSlow(this.capacity);
    if (this.head + n > this.capacity) {
      // the slab's end is too short: what lies past the head (the oldest records) goes, and writing starts over
      while (this.front < this.rows.length && this.starts[this.front]! >= this.head) this._evict();
      this.head = 0;
    }
    // the oldest records that the new one overlaps go
    while (this.front < this.rows.length && this.starts[this.front]! >= this.head && this.starts[this.front]! < this.head + n) this._evict();
    this.slab.set(bytes, this.head);
    this.offsets.set(row, this.head);
    this.rows.push(row);
    this.starts.push(this.head);
    this.head += n;
  }

  private _evict(): void {
    this.offsets.delete(this.rows[this.front]!);
    this.front++;
    // the queue's consumed front is dropped now and then, so its arrays stay proportional to what is kept
    if (this.front > 4096 && this.front * 2 > this.rows.length) {
      this.rows = this.rows.slice(this.front);
      this.starts = this.starts.slice(this.front);
      this.front = 0;
    }
  }
}
