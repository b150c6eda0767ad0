// The best `count` hits seen so far, in /search's order: score descending, then kind (SEARCH_TYPES' order), then id
// (each row's rank in id order). A bounded heap whose top is the hit that comes last, so a better hit replaces it in
// log(count) steps, and whose top, once the page is full, is the bar a row must pass to enter: what lets the page skip
// rows whose bound cannot.

export interface PageHit {
  /** Which list (its index in the lists searched) and which row of it. */
  list: number;
  row: number;
  score: number;
  typeOrder: number;
  rank: number;
}

export class PageHeap {
  private readonly heap: PageHit[] = [];

  constructor(private readonly count: number) {}

  /** The hit that comes last while the page is full (the one a better hit replaces), else null. */
  worst(): PageHit | null {
    return this.heap.length < this.count ? null : this.heap[0]!;
  }

  offer(hit: PageHit): void {
    const heap = this.heap;
    if (heap.length < this.count) {
      let at = heap.push(hit) - 1;
      while (at > 0 && _after(hit, heap[(at - 1) >> 1]!)) { heap[at] = heap[(at - 1) >> 1]!; at = (at - 1) >> 1; }
      heap[at] = hit;
      return;
    }
    if (this.count === 0 || !_after(heap[0]!, hit)) return;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= heap.length) break;
      if (child + 1 < heap.length && _after(heap[child + 1]!, heap[child]!)) child++;
      if (!_after(heap[child]!, hit)) break;
      heap[at] = heap[child]!;
      at = child;
    }
    heap[at] = hit;
  }

  /** The hits in page order. */
  hits(): PageHit[] {
    return [...this.heap].sort((a, b) => (_after(a, b) ? 1 : _after(b, a) ? -1 : 0));
  }
}

/** Whether a comes after b in the page's order. */
function _after(a: PageHit, b: PageHit): boolean {
  if (a.score !== b.score) return a.score < b.score;
  if (a.typeOrder !== b.typeOrder) return a.typeOrder > b.typeOrder;
  return a.rank > b.rank;
}
