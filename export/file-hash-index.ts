// The hash table under the file index (export/file-index.ts): open addressing over numbered paths held as bytes in one
// buffer, FNV-1a hashes, and the rule that tells a compressed twin's path (`x.gz`, `x.br`) from its base's.

/** Slots for `capacity` paths: a power of two at least twice as many (so the table is at most half full). */
export function slotsFor(capacity: number): number {
  let slots = 2;
  while (slots < capacity * 2) slots *= 2;
  return slots;
}

/** 0 for a path `….gz`, 1 for `….br` (with something before the dot), else -1. */
export function twinExt(b: Uint8Array, from: number, to: number): number {
  if (to - from <= 3 || b[to - 3] !== 0x2e) return -1;
  if (b[to - 2] === 0x67 && b[to - 1] === 0x7a) return 0;
  if (b[to - 2] === 0x62 && b[to - 1] === 0x72) return 1;
  return -1;
}

/**
 * Open addressing over numbered paths (path k is keys[keyEnd[k - 1], keyEnd[k]), hash hashes[k]) in `slots` (a power
 * of two, number + 1 per slot, 0 = empty); inserting a path again replaces its number (the later entry wins).
 */
export class HashIndex {
  private readonly mask: number;

  constructor(private readonly keys: Uint8Array, private readonly keyEnd: Uint32Array, private readonly hashes: Uint32Array,
    private readonly slots: Uint32Array) {
    this.mask = slots.length - 1;
  }

  insert(k: number): void {
    this.slots[this._slot(this.keys, k === 0 ? 0 : this.keyEnd[k - 1]!, this.keyEnd[k]!, this.hashes[k]!)] = k + 1;
  }

  /** The number of the path in bytes [from, to) of `b` (hash `h`), or -1. */
  find(b: Uint8Array, from: number, to: number, h: number): number {
    return this.slots[this._slot(b, from, to, h)]! - 1;
  }

  /** Numbers held, in slot order. */
  numbers(): number[] {
    const out: number[] = [];
    for (const e of this.slots) if (e !== 0) out.push(e - 1);
    return out;
  }

  private _slot(b: Uint8Array, from: number, to: number, h: number): number {
    const { slots, keys, keyEnd, hashes, mask } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = slots[slot]!;
      if (e === 0) return slot;
      if (hashes[e - 1] !== h) continue;
      // same hash: compare the bytes (a loop beats a native call for paths this short)
      const start = e === 1 ? 0 : keyEnd[e - 2]!;
      if (keyEnd[e - 1]! - start !== to - from) continue;
      let i = 0;
      while (i < to - from && keys[start + i] === b[from + i]) i++;
      if (i === to - from) return slot;
    }
  }
}

export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a of bytes [from, to). */
export function fnv1a(b: Uint8Array, from: number, to: number): number {
  let h = FNV_OFFSET;
  for (let i = from; i < to; i++) h = Math.imul(h ^ b[i]!, FNV_PRIME);
  return h >>> 0;
}
