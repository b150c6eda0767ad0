// The desk's rules on their own: the queue's order (L5, L7, position first in the file's order, then the other
// tasks' moderate band), the counts and the L7 dollar coverage, decisions outside the queue, what an undo appends,
// and the L5 rule of two independent confirming records.
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../review/decisions/format.ts';
import { planUndo } from '../../review/decisions/undo.ts';
import { cannotConfirm, publishEffect } from '../../review/queue/publish-effect.ts';
import { orderQueue, type Queue, type QueueItem } from '../../review/queue/queue-file.ts';
import { queueView } from '../../review/queue/queue-view.ts';

type Line = Omit<QueueItem, 'key' | 'rank'>;
const line = (task: string, from_id: string, probability: number, more: Partial<Line> = {}): Line => ({
  task, from_type: task === 'L7' ? 'contribution' : 'person', from_id, to_type: task === 'L7' ? 'organization' : 'person', to_id: '9',
  probability, confidence: probability >= 0.9 ? 'high' : probability >= 0.7 ? 'moderate' : null, model_version: 'm', published_without_review: null,
  evidence: {}, extra: {}, ...more,
});
const decision = (task: string, from_id: string, verdict: 'confirmed' | 'rejected', reviewer: string, at: string): Decision => ({
  task, from_type: task === 'L7' ? 'contribution' : 'person', from_id, to_type: task === 'L7' ? 'organization' : 'person', to_id: '9',
  decision: verdict, reviewer, reviewed_at: at, note: '' });

describe('the queue', () => {
  const file: Line[] = [
    line('L1', 'a', 0.8), line('L1', 'b', 0.6), line('L5', 'p', 0.99),
    line('L7', 'c1', 0.99, { expected_linked_dollars: 500 }), line('L7', 'c2', 0.97, { expected_linked_dollars: 1500 }),
    line('L7', 'c3', 0.6, { expected_linked_dollars: 0 }), line('position', 'o', 0.96),
  ];
  const items = orderQueue(file);
  const queue: Queue = { items, byKey: new Map(items.map((i) => [i.key, i])), writtenAt: Date.parse('2026-11-27T00:00:00Z') };

  it('puts L5, L7 and position first in the file’s order, then the other tasks’ moderate band only', () => {
    expect(items.map((i) => `${i.task}:${i.from_id}`)).toEqual(['L5:p', 'L7:c1', 'L7:c2', 'L7:c3', 'position:o', 'L1:a']);
    expect(items.map((i) => i.rank)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('counts decided and waiting, covers L7 dollars by what is decided, filters, and reports decisions outside the queue', () => {
    const decisions = [
      decision('L7', 'c2', 'confirmed', 'Ana', '2026-11-27T10:00:00.000Z'),
      decision('L5', 'p', 'rejected', 'Ben', '2026-11-27T10:01:00.000Z'),
      decision('L7', 'gone', 'confirmed', 'Ana', '2026-11-27T10:02:00.000Z'),
      decision('L7', 'old', 'confirmed', 'Ana', '2026-11-20T10:02:00.000Z'), // read by the night that wrote the queue
    ];
    const all = queueView(queue, decisions, 'Ana', { task: null, band: null, mine: false, waiting: false });
    expect(all.counts).toEqual([{ task: 'L5', decided: 1, waiting: 0 }, { task: 'L7', decided: 1, waiting: 2 }, { task: 'position', decided: 0, waiting: 1 }, { task: 'L1', decided: 0, waiting: 1 }]);
    expect(all.l7Dollars).toEqual({ covered: 1500, total: 2000 });
    expect(all.outside.map((d) => d.from_id)).toEqual(['gone']);
    expect(queueView(queue, decisions, 'Ana', { task: null, band: null, mine: true, waiting: false }).rows.map((r) => r.item.from_id)).toEqual(['c2']);
    expect(queueView(queue, decisions, 'Ana', { task: 'L7', band: 'low', mine: false, waiting: false }).rows.map((r) => r.item.from_id)).toEqual(['c3']);
    expect(queueView(queue, decisions, 'Ana', { task: null, band: null, mine: false, waiting: true }).rows.map((r) => r.item.from_id)).toEqual(['c1', 'c3', 'o', 'a']);
  });
});

describe('undo', () => {
  const c = (at: string) => decision('L7', '1', 'confirmed', 'Ana', at);
  const r = (at: string) => decision('L7', '1', 'rejected', 'Ana', at);
  it('restates the earlier decision when there is one', () => {
    expect(planUndo('L7', [r('2026-01-01T00:00:00Z'), c('2026-01-02T00:00:00Z')])).toMatchObject({ verdict: 'rejected' });
    expect(planUndo('L7', [c('2026-01-01T00:00:00Z'), r('2026-01-02T00:00:00Z')])).toMatchObject({ verdict: 'confirmed' });
  });
  it('withdraws a first confirmation of a gated task with a rejection, and refuses what the file cannot say', () => {
    expect(planUndo('L7', [c('2026-01-01T00:00:00Z')])).toMatchObject({ verdict: 'rejected', note: expect.stringMatching(/^undo: withdraws/) });
    expect(planUndo('L7', [r('2026-01-01T00:00:00Z')])).toHaveProperty('refused');
    expect(planUndo('L1', [{ ...c('2026-01-01T00:00:00Z'), task: 'L1' }])).toHaveProperty('refused');
    expect(planUndo('L7', [])).toHaveProperty('refused');
  });
});

describe('publication rules as the desk explains them', () => {
  const [one] = orderQueue([line('L5', 'p', 0.99, { evidence: { confirming_records: [{ source: 'lobbyist registry' }, { source: 'lobbyist registry' }] } })]);
  const [two] = orderQueue([line('L5', 'p', 0.99, { evidence: { confirming_records: [{ source: 'lobbyist registry' }, { source: 'council membership' }], former_official: { name: 'X', role: 'councillor' } } })]);
  it('will not confirm an L5 candidate with fewer than two independent confirming records, and says why', () => {
    expect(cannotConfirm(one)).toMatch(/at least two independent confirming records.*one \(lobbyist registry\)/);
    expect(cannotConfirm(two)).toBeNull();
    expect(publishEffect(two, 'confirmed')).toMatch(/published in \/insights\/former-officials/);
  });
  it('says a confirmation below 0.95 or at tier 3 publishes nothing, and a rejection withdraws a link published on its score', () => {
    const [low] = orderQueue([line('L7', 'c', 0.9, { extra: { tier: 1 } })]);
    const [tier3] = orderQueue([line('L7', 'c', 0.99, { extra: { tier: 3 } })]);
    const [l1] = orderQueue([line('L1', 'a', 0.8, { published_without_review: true })]);
    expect(publishEffect(low, 'confirmed')).toMatch(/^Nothing yet/);
    expect(publishEffect(tier3, 'confirmed')).toMatch(/tier-3/);
    expect(publishEffect(l1, 'rejected')).toMatch(/withdraws it/);
  });
});
