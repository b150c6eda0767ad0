// What the queue page shows: each candidate with the decision in force on it (the latest in the file), the filters
// (task, band, decided by me, waiting), per-task counts decided / waiting, the share of L7's publishable linked dollars
// the decisions cover, and the decisions kept for candidates no longer in the queue.
import { candidateKey, type Decision } from '../decisions/format.ts';
import type { Queue, QueueItem } from './queue-file.ts';

export interface Filters {
  task: string | null;
  band: 'high' | 'moderate' | 'low' | null;
  mine: boolean;
  waiting: boolean;
}

export interface Row {
  item: QueueItem;
  latest: Decision | null;
}

export interface QueueView {
  rows: Row[];
  counts: { task: string; decided: number; waiting: number }[];
  /** L7: expected linked dollars of the decided candidates over those of all queued candidates. */
  l7Dollars: { covered: number; total: number };
  /** Decisions made since the queue was written on candidates it does not hold. */
  outside: Decision[];
}

export const bandOf = (item: QueueItem) => item.confidence ?? 'low';

/** The latest decision per candidate (latest reviewed_at, then the later line: the night's rule). */
export function latestDecisions(all: readonly Decision[]): Map<string, Decision> {
  const latest = new Map<string, Decision>();
  for (const d of all) {
    const key = candidateKey(d);
    const prev = latest.get(key);
    if (!prev || Date.parse(d.reviewed_at) >= Date.parse(prev.reviewed_at)) latest.set(key, d);
  }
  return latest;
}

export function queueView(queue: Queue, decisions: readonly Decision[], reviewer: string, filters: Filters): QueueView {
  const latest = latestDecisions(decisions);
  const mine = new Set(decisions.filter((d) => d.reviewer === reviewer).map(candidateKey));
  const counts = new Map<string, { decided: number; waiting: number }>();
  let covered = 0;
  let total = 0;
  const rows: Row[] = [];
  for (const item of queue.items) {
    const d = latest.get(item.key) ?? null;
    const c = counts.get(item.task) ?? counts.set(item.task, { decided: 0, waiting: 0 }).get(item.task)!;
    if (d) c.decided++;
    else c.waiting++;
    if (item.task === 'L7') {
      total += item.expected_linked_dollars ?? 0;
      if (d) covered += item.expected_linked_dollars ?? 0;
    }
    if (filters.task && item.task !== filters.task) continue;
    if (filters.band && bandOf(item) !== filters.band) continue;
    if (filters.mine && !mine.has(item.key)) continue;
    if (filters.waiting && d) continue;
    rows.push({ item, latest: d });
  }
  const outside = [...latest.values()].filter((d) => !queue.byKey.has(candidateKey(d)) && Date.parse(d.reviewed_at) > queue.writtenAt);
  return {
    rows,
    counts: [...counts].map(([task, c]) => ({ task, ...c })),
    l7Dollars: { covered, total },
    outside,
  };
}
