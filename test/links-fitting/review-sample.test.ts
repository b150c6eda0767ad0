// The sample's reviewer decisions (links-fitting/review-sample.ts): true position candidates at ≥ 0.95 confirmed with
// some left in the queue, wrong ones and look-alikes rejected, timestamps before as-of, the same file every time.
import { describe, expect, it } from 'vitest';
import { decideTask, toCsv } from '../../links-fitting/review-sample.ts';
import { isIsoTimestamp } from '../../pipeline/sources/review.ts';

describe('review-sample decisions', () => {
  it('confirms true position candidates at ≥ 0.95, rejects wrong ones and look-alikes, deterministically', () => {
    const c = (from: string, p: number) => ({ task: 'position' as const, from_type: 'organization', from_id: from, to_type: 'agenda_item', to_id: '2024.PH1.1', p,
      evidence: { communication: { id: '9', type_name: 'Letter', organization_name_as_typed: 'X Inc.' }, organization: { canonical_name: 'X Inc.' } }, extra: { stance: 'support' } });
    const candidates = [...Array.from({ length: 20 }, (_, i) => c(String(i + 1), 0.97)), c('50', 0.96), c('51', 0.8)];
    const truth = { positives: new Set(candidates.slice(0, 20).map((x) => `${x.from_id}|${x.to_id}`)), decoys: new Set(['50|2024.PH1.1', '51|2024.PH1.1']), unalikeShare: 0, decoyShare: 0 };
    const decisions = decideTask('position', candidates, truth, '2026-11-20');
    const confirmed = decisions.filter((d) => d.decision === 'confirmed');
    expect(confirmed.length).toBeGreaterThanOrEqual(14);
    expect(confirmed.length).toBeLessThan(20); // some stay in the queue
    expect(decisions.filter((d) => d.decision === 'rejected').map((d) => d.from_id).sort()).toEqual(['50', '51']);
    for (const d of decisions) expect(isIsoTimestamp(d.reviewed_at) && d.reviewed_at < '2026-11-20').toBe(true);
    expect(toCsv(decideTask('position', candidates, truth, '2026-11-20'))).toBe(toCsv(decisions));
    expect(toCsv(decisions).split('\n')[0]).toBe('task,from_type,from_id,to_type,to_id,decision,reviewer,reviewed_at,note');
  });
});
