// The review queue the night wrote (data/warehouse/review-queue.jsonl, docs/links-contract.md): read whole, re-read
// when the night replaces it, and put in the desk's order: L5, L7 and position first (they publish only once
// confirmed), then the other tasks' moderate band (0.7 to below 0.9: published by score, so a check matters most
// where the model is least sure); within a task the file's own order (expected linked dollars for L7, then probability).
import { readFile, stat } from 'node:fs/promises';
import { candidateKey, GATED_TASKS } from '../decisions/format.ts';

export { GATED_TASKS };

export interface QueueItem {
  key: string;
  task: string;
  from_type: string;
  from_id: string;
  to_type: string;
  to_id: string;
  probability: number;
  confidence: 'high' | 'moderate' | null;
  model_version: string;
  published_without_review: boolean | null;
  evidence: Record<string, unknown>;
  extra: Record<string, unknown>;
  expected_linked_dollars?: number;
  /** Place in the desk's order (0-based). */
  rank: number;
}

export interface Queue {
  items: readonly QueueItem[];
  byKey: ReadonlyMap<string, QueueItem>;
  /** When the night wrote the file (ms): decisions after it are not in the queue yet. */
  writtenAt: number;
}

const taskRank = (task: string) => {
  const i = (GATED_TASKS as readonly string[]).indexOf(task);
  return i >= 0 ? i : GATED_TASKS.length;
};

export function orderQueue(lines: Omit<QueueItem, 'key' | 'rank'>[]): QueueItem[] {
  const kept = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => taskRank(l.task) < GATED_TASKS.length || l.confidence === 'moderate');
  kept.sort((a, b) => taskRank(a.l.task) - taskRank(b.l.task) || (taskRank(a.l.task) === GATED_TASKS.length ? (a.l.task < b.l.task ? -1 : a.l.task > b.l.task ? 1 : 0) : 0) || a.i - b.i);
  return kept.map(({ l }, rank) => ({ ...l, key: candidateKey(l), rank }));
}

/** A holder that re-reads the queue file when its modification time changes. */
export function queueHolder(file: string) {
  let held: Queue = { items: [], byKey: new Map(), writtenAt: 0 };
  let seen = -1;
  return async function current(): Promise<Queue> {
    let mtime: number;
    try {
      mtime = (await stat(file)).mtimeMs;
    } catch {
      return held; // no queue yet (no night has run): an empty desk
    }
    if (mtime !== seen) {
      const text = await readFile(file, 'utf8');
      const lines = text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Omit<QueueItem, 'key' | 'rank'>);
      const items = orderQueue(lines);
      held = { items, byKey: new Map(items.map((i) => [i.key, i])), writtenAt: mtime };
      seen = mtime;
    }
    return held;
  };
}
