// The caveat every contribution insight row carries (analysis-definitions.md, Contributions): linked figures are lower
// bounds, and by how much, from L7's measured recall per dollar at the review threshold at City volume
// (pipeline/seeds/l7_measured_recall.json). The seed must describe the L7 model the night scores with: a refit without
// a new measurement stops the run rather than publish a recall nobody measured. One row: the L7 model version, the
// recall, the caveat, and the alignment caveat (the contract's sentence first).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Warehouse } from '../../db/warehouse.ts';
import { readLinkModel } from '../../links/model-file.ts';

/** The model's table: the file's name, so the two cannot drift apart. */
const TABLE = path.basename(fileURLToPath(import.meta.url), '.ts');
export const RECALL_SEED = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'seeds', 'l7_measured_recall.json');

/** The contract's alignment caveat (api-spec.md §4 Contributions), word for word. */
export const ALIGNMENT_CAVEAT = 'Donors tend to give to councillors who already agree with them; a difference does not show that a contribution changed a vote.';

export interface MeasuredRecall { model_version: string; city_volume_dollar_recall: number }

/** The lower-bound caveat for a measured recall. */
export function lowerBoundCaveat(m: MeasuredRecall): string {
  return `Lower bound: linked figures count only contributions a reviewer confirmed as given by a registered lobbyist or ` +
    `senior officer of the organisation (L7 links, tiers 1 and 2). The L7 model (${m.model_version}) reaches ` +
    `${m.city_volume_dollar_recall.toFixed(3)} of such contributions' dollars at City volume (measured recall per dollar at ` +
    `the review threshold, on the City-size sample city; recall on real filings may be lower), so the true figures are ` +
    `larger than the linked ones.`;
}

/** The measured recall of the seed file, checked against the L7 model file the night scores with. */
export function readMeasuredRecall(seed = RECALL_SEED, modelVersion = readLinkModel('L7').model_version): MeasuredRecall {
  const m = JSON.parse(readFileSync(seed, 'utf8')) as MeasuredRecall;
  if (m.model_version !== modelVersion) {
    throw new Error(`${seed} measures ${m.model_version} but the night scores L7 with ${modelVersion}: re-measure L7's recall per dollar (make fit-links) and update the seed`);
  }
  if (!(m.city_volume_dollar_recall > 0 && m.city_volume_dollar_recall <= 1)) throw new Error(`${seed}: city_volume_dollar_recall must be in (0, 1]`);
  return m;
}

export async function build(wh: Warehouse): Promise<void> {
  const m = readMeasuredRecall();
  const caveat = lowerBoundCaveat(m);
  await wh.exec(`create or replace table ${TABLE} as select $version as l7_model_version, cast($recall as double) as l7_dollar_recall,
    $caveat as caveat, $alignment as alignment_caveat`,
  { version: m.model_version, recall: m.city_volume_dollar_recall, caveat, alignment: `${ALIGNMENT_CAVEAT} Funding is known only through linked contributions. ${caveat}` });
}
