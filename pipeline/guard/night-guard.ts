// The night guard: a night may not publish less than the live export without saying so. Tonight's rows per source
// table and per published table are compared with the counts the live export recorded (its manifest's `night`);
// a drop beyond the threshold, or a source file that could not be read whole, fails the night unless the operator
// accepted exactly tonight's count for that name (ACCEPT_DROPS, docs/pipeline.md). The pipeline runs it at its end,
// before the warehouse and the state are swapped in, and the site build once more before `current` moves, so
// neither a smaller warehouse nor a smaller site is published unseen. Pure: counts in, findings out.
import type { NightCounts } from '../../export/layout.ts';

export interface GuardInput {
  tonight: NightCounts;
  /** Files that could not be read whole tonight. */
  files: readonly { sourceFile: string; reason: string; rows: number }[];
  /** What the live export recorded; null when nothing is published (or it predates the guard). */
  published: NightCounts | null;
  maxDropPercent: number;
  accept: ReadonlyMap<string, number>;
}

export interface GuardFinding {
  kind: 'source' | 'table' | 'file';
  /** A source table, a published table, or a raw file path. */
  name: string;
  previous: number | null;
  tonight: number;
  reason: string;
  /** The operator accepted exactly tonight's count for this name. */
  accepted: boolean;
}

export interface GuardResult {
  failures: GuardFinding[];
  accepted: GuardFinding[];
}

/** Compare tonight with the live export; every finding is either a failure or accepted. */
export function checkNight(input: GuardInput): GuardResult {
  const findings: GuardFinding[] = [];
  const compare = (kind: 'source' | 'table', before: Record<string, number>, now: Record<string, number>) => {
    for (const name of Object.keys(before).sort()) {
      const previous = before[name]!;
      const tonight = now[name] ?? 0; // a table gone tonight has no rows
      const drop = previous > 0 ? ((previous - tonight) / previous) * 100 : 0;
      if (drop > input.maxDropPercent) {
        findings.push({ kind, name, previous, tonight, reason: `${previous} → ${tonight} rows (−${drop.toFixed(1)} %)`, accepted: false });
      }
    }
  };
  if (input.published) {
    compare('source', input.published.sources, input.tonight.sources);
    compare('table', input.published.tables, input.tonight.tables);
  }
  for (const f of input.files) {
    findings.push({ kind: 'file', name: f.sourceFile, previous: null, tonight: f.rows, reason: `${f.reason} (${f.rows} rows read)`, accepted: false });
  }
  for (const f of findings) f.accepted = input.accept.get(f.name) === f.tonight;
  return { failures: findings.filter((f) => !f.accepted), accepted: findings.filter((f) => f.accepted) };
}

/** Raised when the guard refuses a night; the message is the operator's report. */
export class NightGuardError extends Error {
  override name = 'NightGuardError';
  constructor(readonly result: GuardResult, against: string, stage: string) {
    super(formatRefusal(result, against, stage));
  }
}

/** Throw NightGuardError when the result has failures. */
export function assertNight(result: GuardResult, against: string, stage: string): void {
  if (result.failures.length > 0) throw new NightGuardError(result, against, stage);
}

/** The refusal as an operator reads it: what shrank or broke, and the exact acceptance for each. */
export function formatRefusal(result: GuardResult, against: string, stage: string): string {
  const lines = result.failures.map((f) => `  - ${f.kind} ${f.name}: ${f.reason}`);
  const accept = result.failures.map((f) => `${f.name}=${f.tonight}`).join(',');
  return [
    `night guard (${stage}): ${result.failures.length} ${result.failures.length === 1 ? 'problem' : 'problems'} against ${against}; ` +
      'nothing is published, the live site, the previous warehouse and the state stay as they were:',
    ...lines,
    'If the City really published less (or the file is as it should be), accept exactly these counts for one night:',
    `  ACCEPT_DROPS='${accept}'`,
  ].join('\n');
}

/** One line per accepted finding, for the log. */
export function describeAccepted(result: GuardResult): string[] {
  return result.accepted.map((f) => `night guard: accepted by the operator: ${f.kind} ${f.name}: ${f.reason}`);
}
