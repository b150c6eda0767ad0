// The versioned model file of one link task (pipeline/links/models/<task>.json): the weights that turn features
// into a probability, with the versions every published link carries. The night only reads these files;
// links-fitting/fit.ts writes them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LINK_TASKS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'topic', 'position'] as const;
export type LinkTask = (typeof LINK_TASKS)[number];

export interface LinkModel {
  task: LinkTask;
  model: 'logistic';
  model_version: string;
  question_version: string;
  intercept: number;
  weights: Record<string, number>;
  fitted_on: string;
  notes: string;
  /** Training summary: rows, positives, log-loss. */
  training?: Record<string, number | string[]>;
}

export const modelsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'models');

/** The committed model file of a task. */
export function readLinkModel(task: LinkTask): LinkModel {
  return JSON.parse(readFileSync(path.join(modelsDir, `${task}.json`), 'utf8')) as LinkModel;
}

/** The feature-table name of a task (`lnk_l1`, `lnk_topic`). */
export function featureTable(task: LinkTask): string {
  return `lnk_${task.toLowerCase()}`;
}
