// The reviewers' decisions adapter: a torn last line (the desk stopped mid-write) is quarantined with its reason and
// never read with a truncated cell; a whole file is read in full; a cut inside a quoted note is a parse error.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadReviewDecisions } from '../../../pipeline/sources/review.ts';
import { runModelsFor } from '../../helpers/models-for.ts';
import { cleanup, put, sourceContext, tempDir } from './helpers.ts';

const HEADER = 'task,from_type,from_id,to_type,to_id,decision,reviewer,reviewed_at,note\n';
const ROW1 = 'L7,contribution,107,organization,31,confirmed,Ana,2026-11-27T10:00:00.000Z,same person\n';
const ROW2 = 'L5,person,16,person,63,confirmed,Ana,2026-11-27T10:01:00.000Z,"two records, both agree"\n';

let dir = '';
afterEach(() => cleanup(dir));

async function load(text: string) {
  dir = tempDir('review-');
  put(path.join(dir, 'raw', 'review', 'decisions.csv'), text);
  const ctx = await sourceContext(path.join(dir, 'raw'));
  const loaded = await loadReviewDecisions(ctx);
  const rows = await ctx.wh.all<{ from_id: string; note: string | null }>('select from_id, note from src_review__decisions order by source_position');
  return { loaded, rows, entries: ctx.quarantine.entries, files: ctx.quarantine.files };
}

describe('review/decisions.csv', () => {
  it('reads every whole line', async () => {
    const r = await load(HEADER + ROW1 + ROW2);
    expect(r.loaded).toBe(2);
    expect(r.entries).toEqual([]);
    expect(r.rows.map((x) => x.note)).toEqual(['same person', 'two records, both agree']);
  });

  it('quarantines a last line cut inside an unquoted cell (it has every column, but not its line break)', async () => {
    const r = await load(HEADER + ROW1 + ROW2.replace('"two records, both agree"\n', 'tw'));
    expect(r.loaded).toBe(1);
    expect(r.rows.map((x) => x.from_id)).toEqual(['107']);
    expect(r.entries.map((e) => [e.sourcePosition, e.reason])).toEqual([
      [2, 'torn last line: the file does not end with a line break (a write was cut off); record not used']]);
    expect(r.files).toEqual([]);
  });

  it('quarantines a last line cut short of its columns as torn', async () => {
    const r = await load(HEADER + ROW1 + 'L5,person,16,pe');
    expect(r.loaded).toBe(1);
    expect(r.entries.map((e) => e.reason)).toEqual(['torn last line: the file does not end with a line break (a write was cut off); record not used']);
  });

  it('keeps the whole line before a cut inside a quoted note, which is a parse error', async () => {
    const r = await load(HEADER + ROW1 + ROW2.slice(0, ROW2.indexOf('both')));
    expect(r.rows.map((x) => x.from_id)).toEqual(['107']);
    expect(r.entries.map((e) => e.reason)).toEqual(['csv parse error; record skipped, reading went on at the next line']);
  });

  it('keeps the last decision on a pair in force: the latest reviewed_at, then the later line (an undo appends one)', async () => {
    dir = tempDir('review-');
    put(path.join(dir, 'raw', 'review', 'decisions.csv'), HEADER
      + 'L7,contribution,1,organization,9,confirmed,Ana,2026-11-27T10:00:00.000Z,\n'
      + 'L7,contribution,1,organization,9,rejected,Ana,2026-11-27T10:00:00.001Z,undo: withdraws the confirmation\n'
      + 'L7,contribution,2,organization,9,rejected,Ben,2026-11-27T10:00:00.000Z,\n'
      + 'L7,contribution,2,organization,9,confirmed,Ben,2026-11-27T10:00:00.000Z,same time: the later line wins\n'
      + 'L7,contribution,3,organization,9,confirmed,Ana,2026-11-27T11:00:00Z,\n'
      + 'L7,contribution,3,organization,9,rejected,Ana,2026-11-27T09:00:00Z,an earlier time written later loses\n');
    const ctx = await sourceContext(path.join(dir, 'raw'));
    await loadReviewDecisions(ctx);
    await runModelsFor(ctx.wh, ['stg_review__decisions']);
    const rows = await ctx.wh.all<{ from_id: string; decision: string; decisions: number }>(
      'select from_id, decision, decisions::int as decisions from stg_review__decisions order by from_id');
    expect(rows).toEqual([
      { from_id: '1', decision: 'rejected', decisions: 2 },
      { from_id: '2', decision: 'confirmed', decisions: 2 },
      { from_id: '3', decision: 'confirmed', decisions: 2 },
    ]);
  });
});
