// The link-quality report: for every task, per confidence band, how many links the rules publish and how many of
// them the sample city's planted truth confirms (precision), how many true pairs are found (recall), and how hard
// the truth is (share of unalike true pairs, decoys per true pair). Runs only where a planted-truth file exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Warehouse } from '../pipeline/db/warehouse.ts';
import { LINK_TASKS, type LinkTask } from '../pipeline/links/model-file.ts';
import { contributionRecall, type ContributionRecall } from './contribution-recall.ts';
import { TRUTH_MAPPERS } from './truth/mappers.ts';
import type { TaskTruth } from './truth/types.ts';

export interface BandQuality {
  band: 'high' | 'moderate' | 'review_threshold';
  links: number;
  true_links: number;
  precision: number | null;
  decoys_linked: number;
}

export interface TaskQuality {
  task: LinkTask;
  model_version: string;
  candidates: number;
  true_pairs: number;
  recall: number | null;
  /** review-gated tasks: true pairs scored ≥ 0.95 (the most that reviewer-confirmed links can reach) / true pairs */
  review_threshold_recall?: number | null;
  /** L7: recall per contribution and per dollar (contribution-recall.ts), what the contribution insights stand on */
  contributions?: ContributionRecall;
  unalike_share: number;
  decoy_share: number;
  bands: BandQuality[];
}

/** Evaluate every task present in int_links against the truth; null when the raw folder has no planted truth. */
export async function evaluateLinks(wh: Warehouse, rawDir: string): Promise<TaskQuality[] | null> {
  const file = path.join(rawDir, 'sample-truth', 'planted-truth.json');
  if (!existsSync(file)) return null;
  const planted = JSON.parse(readFileSync(file, 'utf8'));
  const tasks = await wh.all<{ task: LinkTask; model_version: string }>('select task, model_version from int_link_tasks order by task');
  const out: TaskQuality[] = [];
  for (const { task, model_version } of tasks) {
    if (!LINK_TASKS.includes(task)) continue;
    let truth = await TRUTH_MAPPERS[task](wh, planted);
    let rows = await wh.all<{ key: string; probability: number; published: boolean }>(
      `select from_id || '|' || to_id as key, probability, published from int_links where task = $task`, { task });
    if (truth.setAside?.size) {
      // records the measurement leaves out (the sample's insight plants): neither found nor missed
      const kept = (k: string) => !truth.setAside!.has(k.split('|')[0]!);
      rows = rows.filter((r) => kept(r.key));
      truth = { ...truth, positives: new Set([...truth.positives].filter(kept)) };
    }
    if (task === 'L3') {
      // a merge is a pair whichever record is canonical: compare unordered pairs so each counts once
      const unordered = (k: string) => k.split('|').sort().join('|');
      truth = { ...truth, positives: new Set([...truth.positives].map(unordered)), decoys: new Set([...truth.decoys].map(unordered)) };
      rows = rows.map((r) => ({ ...r, key: unordered(r.key) }));
    }
    const q = quality(task, model_version, truth, rows);
    out.push(task === 'L7' ? { ...q, contributions: await contributionRecall(wh, truth.positives, rows) } : q);
  }
  return out;
}

function quality(task: LinkTask, modelVersion: string, truth: TaskTruth,
  rows: { key: string; probability: number; published: boolean }[]): TaskQuality {
  const band = (name: BandQuality['band'], keep: (r: (typeof rows)[number]) => boolean): BandQuality => {
    const kept = rows.filter(keep);
    const tp = kept.filter((r) => truth.positives.has(r.key)).length;
    return {
      band: name, links: kept.length, true_links: tp,
      precision: kept.length ? round(tp / kept.length) : null,
      decoys_linked: kept.filter((r) => truth.decoys.has(r.key)).length,
    };
  };
  const reviewGated = task === 'L5' || task === 'L7' || task === 'position';
  // for review-gated tasks the bands describe the scores before review; `review_threshold` is what a reviewer sees
  const bands = [
    band('high', (r) => r.probability >= 0.9 && (reviewGated || r.published)),
    band('moderate', (r) => r.probability >= 0.7 && r.probability < 0.9 && (reviewGated || r.published)),
    ...(reviewGated ? [band('review_threshold', (r) => r.probability >= 0.95)] : []),
  ];
  const recallAt = (threshold: number) => {
    const found = new Set(rows.filter((r) => r.probability >= threshold).map((r) => r.key).filter((k) => truth.positives.has(k)));
    return truth.positives.size ? round(found.size / truth.positives.size) : null;
  };
  return {
    task, model_version: modelVersion, candidates: rows.length, true_pairs: truth.positives.size,
    recall: recallAt(0.7), ...(reviewGated ? { review_threshold_recall: recallAt(0.95) } : {}),
    unalike_share: round(truth.unalikeShare), decoy_share: round(truth.decoyShare), bands,
  };
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
