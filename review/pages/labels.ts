// Short human labels for a candidate (the queue's rows, the candidate page's title), from the evidence the night wrote.
import type { QueueItem } from '../queue/queue-file.ts';

const obj = (v: unknown) => (v && typeof v === 'object' ? v as Record<string, unknown> : {});

export const TASK_NAMES: Record<string, string> = {
  L1: 'registration ↔ agenda item', L2: 'registration ↔ application', L3: 'organisation ↔ organisation',
  L4: 'communication ↔ office holder', L5: 'lobbyist ↔ former official', L6: 'contract ↔ organisation',
  L7: 'contribution ↔ organisation', topic: 'registration ↔ topic', position: 'organisation position on an item',
};

/** "Bajwa, Alan → organisation 31", "Frances Mihevc ↔ Frances Mihevc (councillor to 2014)", … */
export function candidateLabel(item: QueueItem): { from: string; to: string } {
  const e = item.evidence;
  if (item.task === 'L7') {
    const c = obj(e.contribution);
    const m = obj(e.matched_person);
    return { from: `${c.contributor ?? `contribution ${item.from_id}`} (to ${c.candidate ?? '?'}, ${c.election ?? '?'})`, to: `${m.name ?? '?'} — ${m.basis ?? 'organisation'} of organisation ${item.to_id}` };
  }
  if (item.task === 'L5') {
    const l = obj(e.lobbyist);
    const f = obj(e.former_official);
    return { from: `${l.name ?? `person ${item.from_id}`} (lobbyist)`, to: `${f.name ?? `person ${item.to_id}`} (${f.role ?? 'official'} to ${f.left_office ?? '?'})` };
  }
  if (item.task === 'position') {
    const o = obj(e.organization);
    return { from: String(o.canonical_name ?? `organisation ${item.from_id}`), to: `${item.extra.stance ?? 'position'} on item ${item.to_id}` };
  }
  return { from: `${item.from_type} ${item.from_id}`, to: `${item.to_type} ${item.to_id}` };
}
