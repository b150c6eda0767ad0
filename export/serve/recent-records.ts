// A table's recently read records kept in memory within a byte budget, so a record one answer read from the Arrow
// file is not read again by the next. A filtered page's rows lie scattered through the file, one positioned read
// each, which dominates an engine answer's cost; popular records recur across queries (the newest communications, a
// member's latest meetings). The bytes live in one slab written as a ring, oldest out first: an exact budget, and no
// object per record for the garbage collector to trace. Where a row's bytes start is a typed array indexed by row (4
// bytes per row of the table, made at the first record kept), not a Map: a page copies dozens of records, and a Map
// look-up and a Buffer view per record would cost as much as the copy (docs/benchmarks-edge.md).

/** Records larger than this share of the budget are not kept (one would push out many). */
const MAX_SHARE = 8;

/** The offset of a row not kept. */
const ABSENT = -1;

export class RecentRecords {
  // a plain Uint8Array view of the slab: its subarray() is V8's own, far cheaper than Buffer's
  private slab: Uint8Array | null = null;
  /** Slab offset by row, ABSENT for a row not kept. */
  private offsets: Int32Array | null = null;
  private kept = 0;
  // Rows in the order they were written, with their offsets: the ring's oldest are at `front`.
  private queue: number[] = [];
  private starts: number[] = [];
  private front = 0;
  /** Where the next record is written. */
  private head = 0;

  /** `capacity` bytes at most of the records of a table of `rows` rows (the slab and the offsets are allocated at
   *  the first record kept, the slab's pages touched as it fills). */
  constructor(readonly capacity: number, readonly rows: number) {}

  /** How many records are kept. */
  get size(): number {
    return this.kept;
  }

  /** Copy row's kept bytes (`length` of them) into `target` at `at`; false when the row is not kept. */
  copyTo(row: number, length: number, target: Uint8Array, at: number): boolean {
    const from = this.offsets?.[row];
    if (from === undefined || from === ABSENT) return false;
    target.set(this.slab!.subarray(from, from + length), at);
    return true;
  }

  /** Keep a copy of row's bytes, letting the oldest records go to make room. Views handed out earlier stay valid:
   *  none is ever a view of the slab (callers copy out with copyTo). */
  put(row: number, bytes: Uint8Array): void {
    const n = bytes.byteLength;
    if (row < 0 || row >= this.rows) throw new RangeError(`row ${row} is outside the table's ${this.rows} rows`);
    this.offsets ??= new Int32Array(this.rows).fill(ABSENT);
    if (n === 0 || n > this.capacity / MAX_SHARE || this.offsets[row] !== ABSENT) return;
    if (this.slab === null) {
      const slab = Buffer.allocUnsafeSlow(this.capacity);
      this.slab = new Uint8Array(slab.buffer, slab.byteOffset, slab.byteLength);
    }
    if (this.head + n > this.capacity) {
      // the slab's end is too short: what lies past the head (the oldest records) goes, and writing starts over
      while (this.front < this.queue.length && this.starts[this.front]! >= this.head) this._evict();
      this.head = 0;
    }
    // the oldest records that the new one overlaps go
    while (this.front < this.queue.length && this.starts[this.front]! >= this.head && this.starts[this.front]! < this.head + n) this._evict();
    this.slab.set(bytes, this.head);
    this.offsets[row] = this.head;
    this.kept++;
    this.queue.push(row);
    this.starts.push(this.head);
    this.head += n;
  }

  private _evict(): void {
    this.offsets![this.queue[this.front]!] = ABSENT;
    this.kept--;
    this.front++;
    // the queue's consumed front is dropped now and then, so its arrays stay proportional to what is kept
    if (this.front > 4096 && this.front * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.front);
      this.starts = this.starts.slice(this.front);
      this.front = 0;
    }
  }
}
