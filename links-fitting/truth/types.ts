// What a task's truth mapper returns: the planted true pairs and decoys of the sample city, expressed in warehouse
// ids (`from_id|to_id`), and how hard they are. Used only to fit models and to measure them, never to publish.
import type { Warehouse } from '../../pipeline/db/warehouse.ts';

export interface TaskTruth {
  /** True pairs, as `${from_id}|${to_id}`. */
  positives: Set<string>;
  /** Different entities that look alike (must not be linked), as `${from_id}|${to_id}`. */
  decoys: Set<string>;
  /** Share of true pairs whose names look unlike (similarity < 0.85), as the issue requires reporting. */
  unalikeShare: number;
  /** Decoys with name similarity > 0.9, divided by the number of true pairs. */
  decoyShare: number;
  /** Source records (from ids) that measuring and fitting leave out: the sample's insight plants, true and written to
   *  be found (reviewers still confirm them), which would otherwise flatter a task's recall. */
  setAside?: Set<string>;
}

/** A task's mapper reads the planted truth file and the warehouse (for ids) and returns the task's truth. */
export type TruthMapper = (wh: Warehouse, truth: PlantedTruth) => Promise<TaskTruth>;

/** The planted-truth JSON as written by the sample generator (see sample/README.md). */
export type PlantedTruth = Record<string, unknown>;
