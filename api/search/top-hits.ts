// Picking a page of /search's hits out of every row a query found, without an object or a sort per found row: the
// scores of each list are typed arrays, the page's cut is the count-th highest score (a min-heap of `count` scores),
// and the rows at or above it — all the ties a common word makes included — are narrowed to the best `count` by a
// max-heap ordered as /search orders hits: score descending, then kind, then id (each row's rank in id order).

/** One list's found rows after the cursor, with their rounded scores, its kind's place in the tie order and its rows'
 *  ranks in id order. */
export interface ScoredRows {
  rows: Uint32Array;
  scores: Float64Array;
  typeOrder: number;
  ranks: Uint32Array;
}

/** A row of the page: which list (its index in the array given) and which row. */
export interface TopHit {
  list: number;
  row: number;
  score: number;
}

/** The best `count` rows of all lists, in /search's order. */
export function topHits(scored: readonly ScoredRows[], count: number): TopHit[] {
  const cut = _cutScore(scored, count);
  const heap: TopHit[] = [];
  // whether a comes after b in the page's order
  const after = (a: TopHit, b: TopHit): boolean => {
    if (a.score !== b.score) return a.score < b.score;
    const ta = scored[a.list]!.typeOrder;
    const tb = scored[b.list]!.typeOrder;
    if (ta !== tb) return ta > tb;
    return scored[a.list]!.ranks[a.row]! > scored[b.list]!.ranks[b.row]!;
  };
  scored.forEach(({ rows, scores }, list) => {
    for (let i = 0; i < rows.length; i++) {
      if (scores[i]! < cut) continue;
      const hit = { list, row: rows[i]!, score: scores[i]! };
      if (heap.length < count) _push(heap, hit, after);
      else if (after(heap[0]!, hit)) _replaceTop(heap, hit, after);
    }
  });
  return heap.sort((a, b) => (after(a, b) ? 1 : after(b, a) ? -1 : 0));
}

/** The `count`-th highest score of all lists (ties all pass it), or -Infinity when there are no more rows than that. */
function _cutScore(scored: readonly ScoredRows[], count: number): number {
  const total = scored.reduce((n, s) => n + s.scores.length, 0);
  if (total <= count) return -Infinity;
  const heap = new Float64Array(count);
  let size = 0;
  for (const { scores } of scored) {
    for (let i = 0; i < scores.length; i++) {
      const score = scores[i]!;
      if (size < count) {
        let at = size++;
        while (at > 0 && heap[(at - 1) >> 1]! > score) { heap[at] = heap[(at - 1) >> 1]!; at = (at - 1) >> 1; }
        heap[at] = score;
      } else if (score > heap[0]!) {
        let at = 0;
        for (;;) {
          let child = 2 * at + 1;
          if (child >= count) break;
          if (child + 1 < count && heap[child + 1]! < heap[child]!) child++;
          if (heap[child]! >= score) break;
          heap[at] = heap[child]!;
          at = child;
        }
        heap[at] = score;
      }
    }
  }
  return heap[0]!;
}

// A max-heap by page order: its top is the hit that comes last, the first to give way to a better one.
function _push(heap: TopHit[], hit: TopHit, after: (a: TopHit, b: TopHit) => boolean): void {
  let at = heap.push(hit) - 1;
  while (at > 0 && after(hit, heap[(at - 1) >> 1]!)) { heap[at] = heap[(at - 1) >> 1]!; at = (at - 1) >> 1; }
  heap[at] = hit;
}

function _replaceTop(heap: TopHit[], hit: TopHit, after: (a: TopHit, b: TopHit) => boolean): void {
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= heap.length) break;
    if (child + 1 < heap.length && after(heap[child + 1]!, heap[child]!)) child++;
    if (!after(heap[child]!, hit)) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = hit;
}
