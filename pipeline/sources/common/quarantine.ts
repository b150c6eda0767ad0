// Rejected records: the quarantine row shape, a collector with counts per source and reason, and the excerpt cap.
import type { Row } from './tables.ts';

export const EXCERPT_MAX = 500;

export interface QuarantineEntry {
  source: string;
  sourceFile: string;
  sourcePosition: number | null;
  reason: string;
  excerpt: string;
}

/** Collects quarantined records of one run; rows go to the `quarantine` table in its column order. */
export class Quarantine {
  readonly entries: QuarantineEntry[] = [];

  add(entry: QuarantineEntry): void {
    this.entries.push({ ...entry, excerpt: toExcerpt(entry.excerpt) });
  }

  rows(): Row[] {
    return this.entries.map((e) => [
      e.source,
      e.sourceFile,
      e.sourcePosition === null ? null : String(e.sourcePosition),
      e.reason,
      e.excerpt,
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
