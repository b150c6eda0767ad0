// The decisions file's format (docs/links-contract.md): the header, one decision as one CSV line, and the parse of a
// whole file back into decisions in file order. The night reads the same file (pipeline/sources/review.ts).
import { parse } from 'csv-parse/sync';

export const DECISION_COLUMNS = ['task', 'from_type', 'from_id', 'to_type', 'to_id', 'decision', 'reviewer', 'reviewed_at', 'note'] as const;
export const HEADER_LINE = `${DECISION_COLUMNS.join(',')}\n`;

/** The tasks whose links publish only once a reviewer confirms them (api-spec.md publication rules). */
export const GATED_TASKS = ['L5', 'L7', 'position'] as const;

export type Verdict = 'confirmed' | 'rejected';

/** One row of the decisions file. */
export interface Decision {
  task: string;
  from_type: string;
  from_id: string;
  to_type: string;
  to_id: string;
  decision: Verdict;
  reviewer: string;
  reviewed_at: string;
  note: string;
}

/** The candidate a decision is about: `task|from_type|from_id|to_type|to_id`, the night's own link key. */
export function candidateKey(c: Pick<Decision, 'task' | 'from_type' | 'from_id' | 'to_type' | 'to_id'>): string {
  return `${c.task}|${c.from_type}|${c.from_id}|${c.to_type}|${c.to_id}`;
}

// RFC 4180 quoting; a line break inside a note is folded to a space so that one decision is always one line (the
// desk's torn-line repair and the night's torn-line rule both count on it).
const field = (s: string) => {
  const flat = s.replace(/[\r\n]+/g, ' ');
  return /[",]/.test(flat) || /^\s|\s$/.test(flat) ? `"${flat.replace(/"/g, '""')}"` : flat;
};

/** One decision as one whole line, line break included. */
export function toLine(d: Decision): string {
  return `${DECISION_COLUMNS.map((c) => field(d[c])).join(',')}\n`;
}

/** Every decision of a file's text (header first, as written), in file order; lines that do not parse are skipped. */
export function parseDecisions(text: string): Decision[] {
  if (text.trim() === '') return [];
  const records = parse(text, { columns: true, relax_column_count: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
  return records
    .filter((r) => r.decision === 'confirmed' || r.decision === 'rejected')
    .map((r) => Object.fromEntries(DECISION_COLUMNS.map((c) => [c, r[c] ?? ''])) as unknown as Decision);
}
