// Sample city only: writes the reviewers' decisions file (data/raw/review/decisions.csv, docs/links-contract.md)
// over a built warehouse, in warehouse ids, as a newsroom's reviewers would have decided the review queue:
//   - L5, L7, position (published only when confirmed at ≥ 0.95): most true candidates at ≥ 0.95 confirmed (about
//     one in ten left waiting in the queue), every wrong candidate at ≥ 0.95 rejected, and a few true-looking
//     decoys between 0.5 and 0.95 rejected;
//   - L1, L3, L6: a handful of spot checks — up to three true high-scoring links confirmed and the highest-scoring
//     wrong link rejected.
// The planted truth stands in for the reviewers' judgement; the choices (who, when, which) are a hash of the link,
// so the same city and warehouse always give the same byte-identical file. Runs after a first pipeline pass; the
// pipeline then runs again to read the decisions (`make review-sample`). With real data (no planted truth) it
// writes nothing. Usage: npx tsx links-fitting/review-sample.ts   (RAW_DIR, WAREHOUSE as for the pipeline)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReporter } from '../cli/reporter.ts';
import { resolveConfig, type Config } from '../config/resolve.ts';
import { openWarehouse, type Warehouse } from '../pipeline/db/warehouse.ts';
import { featureTable, LINK_TASKS, modelsDir, readLinkModel, type LinkTask } from '../pipeline/links/model-file.ts';
import { TRUTH_MAPPERS } from './truth/mappers.ts';
import type { PlantedTruth, TaskTruth } from './truth/types.ts';

export const DECISION_COLUMNS = ['task', 'from_type', 'from_id', 'to_type', 'to_id', 'decision', 'reviewer', 'reviewed_at', 'note'] as const;
export type Decision = Record<(typeof DECISION_COLUMNS)[number], string>;

const CONFIRM_TASKS: readonly LinkTask[] = ['L5', 'L7', 'position'];
const SPOT_TASKS: readonly LinkTask[] = ['L1', 'L3', 'L6'];
const REVIEWERS = ['Amélie Moreau (data desk)', 'Jide Okonkwo (research)', 'Sara Lindqvist (standards editor)'];

interface Candidate { task: LinkTask; from_type: string; from_id: string; to_type: string; to_id: string; p: number; evidence: Record<string, unknown>; extra: Record<string, unknown> }

/** A number in [0, 1) fixed by the text: the deterministic stand-in for a reviewer's choice. */
const hash01 = (text: string) => parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16) / 2 ** 32;

/**
 * Score a task's candidates with its committed model (the framework's formula, rounded to 4 decimals), streaming the
 * features table in chunks and keeping only the candidates decideTask can pick: every one at p ≥ 0.5 and the
 * best-scoring one outside the truth (a spot check's rejection). At the City's size a task has up to ~10^6 candidates;
 * held whole with their evidence they took more than 10 GB.
 */
async function scoredCandidates(wh: Warehouse, task: LinkTask, truth: TaskTruth): Promise<Candidate[]> {
  const model = readLinkModel(task);
  const key = (c: { from_id: string; to_id: string }) => `${c.from_id}|${c.to_id}`;
  const kept: Candidate[] = [];
  let bestWrong: Candidate | null = null;
  const rows = wh.stream<{ from_type: string; from_id: string; to_type: string; to_id: string; x: string; evidence: string | null; extra: string | null }>(
    `select from_type, from_id, to_type, to_id, to_json(x)::varchar as x, evidence::varchar as evidence, extra::varchar as extra from ${featureTable(task)}`);
  for await (const chunk of rows) {
    for (const r of chunk) {
      const x = JSON.parse(r.x) as Record<string, number>;
      let z = model.intercept;
      for (const [k, w] of Object.entries(model.weights)) z += w * (x[k] ?? 0);
      const p = Math.round(1e4 / (1 + Math.exp(-z))) / 1e4;
      const wrong = !truth.positives.has(key(r));
      // the order decideTask ranks by: score, then key
      const beatsWrong = wrong && (!bestWrong || p > bestWrong.p || (p === bestWrong.p && key(r) < key(bestWrong)));
      if (p < 0.5 && !beatsWrong) continue;
      const c: Candidate = { task, from_type: r.from_type, from_id: r.from_id, to_type: r.to_type, to_id: r.to_id, p,
        evidence: r.evidence ? JSON.parse(r.evidence) : {}, extra: r.extra ? JSON.parse(r.extra) : {} };
      if (p >= 0.5) kept.push(c);
      if (beatsWrong) bestWrong = c;
    }
  }
  if (bestWrong && bestWrong.p < 0.5) kept.push(bestWrong);
  return kept;
}

function note(c: Candidate, decision: 'confirmed' | 'rejected', why: string): string {
  if (c.task === 'position') {
    const comm = (c.evidence.communication ?? {}) as Record<string, unknown>;
    const org = (c.evidence.organization ?? {}) as Record<string, unknown>;
    const base = `communication ${comm.id ?? '?'} (${String(comm.type_name ?? comm.type ?? 'letter').toLowerCase()}) signed for "${comm.organization_name_as_typed ?? '?'}"`;
    return decision === 'confirmed'
      ? `${base}: same organisation as ${org.canonical_name ?? 'the registry record'}; states ${c.extra.stance ?? 'a position'} in plain words`
      : `${base}: ${why}`;
  }
  return decision === 'confirmed' ? `checked against the source records: ${why}` : `rejected after checking the source records: ${why}`;
}

/** The decisions for one task's scored candidates and truth. */
export function decideTask(task: LinkTask, candidates: Candidate[], truth: TaskTruth, asOf: string): Decision[] {
  const key = (c: Candidate) => `${c.from_id}|${c.to_id}`;
  const out: Decision[] = [];
  const decide = (c: Candidate, decision: 'confirmed' | 'rejected', why: string) => {
    const h = hash01(`${task}|${key(c)}|when`);
    const day = new Date(Date.parse(`${asOf}T00:00:00Z`) - (1 + Math.floor(h * 30)) * 864e5);
    const minutes = 9 * 60 + Math.floor(hash01(`${task}|${key(c)}|time`) * 9 * 60);
    day.setUTCHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
    out.push({ task, from_type: c.from_type, from_id: c.from_id, to_type: c.to_type, to_id: c.to_id, decision,
      reviewer: REVIEWERS[Math.floor(hash01(`${task}|${key(c)}|who`) * REVIEWERS.length)],
      reviewed_at: day.toISOString().replace('.000Z', 'Z'), note: note(c, decision, why) });
  };
  const byScore = [...candidates].sort((a, b) => b.p - a.p || (key(a) < key(b) ? -1 : 1));
  if (CONFIRM_TASKS.includes(task)) {
    for (const c of byScore.filter((x) => x.p >= 0.95)) {
      if (truth.positives.has(key(c))) { if (hash01(`${task}|${key(c)}|queue`) < 0.9) decide(c, 'confirmed', 'true'); }
      else decide(c, 'rejected', truth.decoys.has(key(c)) ? 'a different organisation with a look-alike name' : 'not the same entity');
    }
    const lookalikes = byScore.filter((x) => x.p >= 0.5 && x.p < 0.95 && truth.decoys.has(key(x)));
    for (const c of lookalikes.slice(0, 3)) decide(c, 'rejected', 'a different organisation with a look-alike name (different legal form or extra words)');
  } else if (SPOT_TASKS.includes(task)) {
    const good = byScore.filter((x) => x.p >= 0.9 && truth.positives.has(key(x)));
    for (const c of good.sort((a, b) => hash01(`${task}|${key(a)}`) - hash01(`${task}|${key(b)}`)).slice(0, 3)) decide(c, 'confirmed', 'the records describe the same matter');
    const wrong = byScore.find((x) => !truth.positives.has(key(x)));
    if (wrong) decide(wrong, 'rejected', `high score (${wrong.p}) but a different ${wrong.to_type.replace('_', ' ')}`);
  }
  return out;
}

export function toCsv(decisions: Decision[]): string {
  const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const sorted = [...decisions].sort((a, b) => {
    const ka = `${a.task}\u0000${a.from_id}\u0000${a.to_id}`, kb = `${b.task}\u0000${b.from_id}\u0000${b.to_id}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return [DECISION_COLUMNS.join(','), ...sorted.map((d) => DECISION_COLUMNS.map((c) => field(d[c])).join(','))].join('\n') + '\n';
}

/** Decide every task that has a features table, a model file and a truth mapper; returns the decisions. */
export async function reviewSample(wh: Warehouse, planted: PlantedTruth, log: (msg: string) => void = () => {}): Promise<Decision[]> {
  const tables = new Set((await wh.all<{ name: string }>(`select table_name as name from duckdb_tables()`)).map((r) => r.name));
  const asOf = String(planted.asOf ?? new Date(0).toISOString().slice(0, 10));
  const all: Decision[] = [];
  for (const task of LINK_TASKS) {
    if (!CONFIRM_TASKS.includes(task) && !SPOT_TASKS.includes(task)) continue;
    // every task has a truth mapper (TRUTH_MAPPERS is complete by type); a task may still lack its table or model
    if (!tables.has(featureTable(task)) || !existsSync(path.join(modelsDir, `${task}.json`))) {
      log(`review-sample: ${task} skipped (no features table or model file yet)`);
      continue;
    }
    const truth = await TRUTH_MAPPERS[task](wh, planted);
    const decisions = decideTask(task, await scoredCandidates(wh, task, truth), truth, asOf);
    log(`review-sample: ${task}: ${decisions.filter((d) => d.decision === 'confirmed').length} confirmed, ${decisions.filter((d) => d.decision === 'rejected').length} rejected`);
    all.push(...decisions);
  }
  return all;
}

/** Write the sample city's decisions file from its planted truth and built warehouse (nothing for real data). */
export async function writeSampleReview(config: Pick<Config, 'rawDir' | 'warehousePath'>, log: (msg: string) => void = console.log): Promise<void> {
  const truthFile = path.join(config.rawDir, 'sample-truth', 'planted-truth.json');
  if (!existsSync(truthFile)) { log(`review-sample: no planted truth in ${config.rawDir}; decisions left as they are`); return; }
  const wh = await openWarehouse(config.warehousePath, { readOnly: true });
  try {
    const decisions = await reviewSample(wh, JSON.parse(readFileSync(truthFile, 'utf8')) as PlantedTruth, log);
    mkdirSync(path.join(config.rawDir, 'review'), { recursive: true });
    writeFileSync(path.join(config.rawDir, 'review', 'decisions.csv'), toCsv(decisions));
    log(`review-sample: ${decisions.length} decisions written to ${path.join(config.rawDir, 'review', 'decisions.csv')}`);
  } finally {
    wh.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = resolveConfig();
  const report = createReporter({
    title: config.output.title ?? 'Reviewers\' decisions (sample city): what a newsroom\'s reviewers would decide of the review queue',
    stage: config.output.stage, verbose: config.output.verbose, logFile: path.join(config.output.logDir, 'review-sample.log'),
  });
  const lines: string[] = [];
  writeSampleReview(config, (m) => { lines.push(m); report.detail(m); })
    .then(() => report.done(lines.at(-1)?.replace(/^review-sample: /, '') ?? 'no decisions'))
    .catch((e: Error) => { report.fail(e.message); process.exit(1); });
}
