// Rejected records: the quarantine row shape, a collector with counts per source and reason, and the excerpt cap.
// A file that cannot be read whole (empty, no header, cut off, stopped by a parse error) is a file-level entry too:
// quarantined with its reason, listed apart, and failing the night unless the operator accepts it (night guard).
import type { Row } from './tables.ts';

export const EXCERPT_MAX = 500;

export interface QuarantineEntry {
  source: string;
  sourceFile: string;
  sourcePosition: number | null;
  reason: string;
  excerpt: string;
}

/** A file that could not be read whole, and the rows it gave before (or despite) the problem. */
export interface FileProblem {
  source: string;
  sourceFile: string;
  reason: string;
  rows: number;
  /** What went wrong in detail (the parser's message), kept as the quarantine excerpt. */
  detail?: string;
}

/** Collects quarantined records of one run; rows go to the `quarantine` table in its column order. */
export class Quarantine {
  readonly entries: QuarantineEntry[] = [];
  readonly files: FileProblem[] = [];

  add(entry: QuarantineEntry): void {
    this.entries.push({ ...entry, excerpt: toExcerpt(entry.excerpt) });
  }

  /** A file-level problem: a quarantine entry without position, and a file problem the night guard sees. */
  addFile(problem: FileProblem): void {
    this.files.push(problem);
    this.add({ source: problem.source, sourceFile: problem.sourceFile, sourcePosition: null, reason: problem.reason, excerpt: problem.detail ?? '' });
  }

  rows(): Row[] {
    return this.entries.map((e) => [
      e.source,
      e.sourceFile,
      e.sourcePosition === null ? null : String(e.sourcePosition),
      e.reason,
      e.excerpt,
      null, // record_key: a loader rejects a record it could not read, whose key it cannot vouch for
    ]);
  }

  /** Counts per source, then per reason. */
  counts(): Record<string, Record<string, number>> {
    const out: Record<string, Record<string, number>> = {};
    for (const e of this.entries) {
      const bySource = (out[e.source] ??= {});
      bySource[e.reason] = (bySource[e.reason] ?? 0) + 1;
    }
    return out;
  }
}

/** Cut text to the excerpt limit, marking the cut. */
export function toExcerpt(text: string): string {
  return text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1)}…`;
}
