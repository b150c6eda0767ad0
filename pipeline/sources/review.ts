// Reviewer decisions on link candidates (review/decisions.csv, docs/links-contract.md) → src_review__decisions.
// Rows the pipeline cannot act on are quarantined: an unknown task, a decision other than confirmed/rejected, a
// reviewed_at that is not an ISO date or timestamp, a missing end of the link, and a torn last line (the file does not
// end with a line break: the desk was stopped mid-write; it repairs such a line itself when it starts again).
import type { SourceContext } from './common/source-context.ts';
import { defineTableSpec, keys, loadCsvTable, type CleanRow } from './common/csv-table.ts';
import { optionalFiles } from './common/optional-files.ts';

export const REVIEW_TASKS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'topic', 'position'];
const TASKS = new Set(REVIEW_TASKS.map((t) => t.toLowerCase()));
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a text is an ISO 8601 date or date-time that names a real day and time. */
export function isIsoTimestamp(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  return day.getUTCFullYear() === +y && day.getUTCMonth() === +mo - 1 && day.getUTCDate() === +d && +h < 24 && +mi < 60 && +s < 60;
}

/** Why a decision row cannot be used, or null. */
export function reviewRowProblem(row: CleanRow<'src_review__decisions'>): string | null {
  // `== null`: a column the file lacks (only note may be) reads as no value, like an empty cell.
  if (row.task == null || !TASKS.has(row.task.toLowerCase())) return 'unknown task';
  if (row.from_type == null || row.from_id == null || row.to_type == null || row.to_id == null) return 'missing link end';
  if (row.decision == null || !['confirmed', 'rejected'].includes(row.decision.toLowerCase())) return 'decision not confirmed or rejected';
  if (row.reviewed_at == null || !isIsoTimestamp(row.reviewed_at)) return 'bad reviewed_at timestamp';
  return null;
}

export const decisionsSpec = defineTableSpec({
  source: 'review',
  table: 'src_review__decisions',
  columns: {
    task: keys('task'), from_type: keys('from_type'), from_id: keys('from_id'), to_type: keys('to_type'), to_id: keys('to_id'),
    decision: keys('decision'), reviewer: keys('reviewer'), reviewed_at: keys('reviewed_at'), note: keys('note'),
  },
  optional: ['note'],
  reject: reviewRowProblem,
  // the operator's own file: a header alone means none yet
  emptyAllowed: true,
  // the desk appends one whole line per decision: a last line without its line break is a torn write
  appendOnly: true,
});

/** Load review/decisions.csv (and any other review/*.csv of the same layout); returns rows loaded. */
export async function loadReviewDecisions(ctx: SourceContext): Promise<number> {
  const files = await optionalFiles(ctx, 'review', 'review', /\.csv$/i, [decisionsSpec.table]);
  let total = 0;
  for (const file of files) total += (await loadCsvTable(ctx, file, decisionsSpec)).loaded;
  return total;
}
