// docs/link-models.md is generated: every task's model with its non-zero weights and held features, and one quality
// row per task and city scale with the floors' bands.
import { describe, expect, it } from 'vitest';
import { modelsDoc } from '../../links-fitting/models-doc.ts';
import type { LinkModel } from '../../pipeline/links/model-file.ts';
import type { TaskQuality } from '../../links-fitting/evaluate.ts';

const model: LinkModel = {
  task: 'L7', model: 'logistic', model_version: 'L7-x', question_version: 'L7-q1', intercept: -2.5,
  weights: { same_postal_area: 0, surname_exact: 3.25, first_name_conflict: -4 }, fitted_on: 'city A', notes: '',
  training: { rows: 1200, positives: 30, lambda: 0.1, log_loss: 0.2, held_at_zero: ['same_postal_area'] },
};
const report: TaskQuality[] = [{
  task: 'L7', model_version: 'L7-x', candidates: 1200, true_pairs: 30, recall: 0.5, review_threshold_recall: 0.4, unalike_share: 0.3, decoy_share: 0.25,
  contributions: { true_contributions: 20, true_dollars: 10500, recall: 0.55, dollar_recall: 0.6, review_threshold_recall: 0.45, review_threshold_dollar_recall: 0.5 },
  bands: [{ band: 'high', links: 12, true_links: 12, precision: 1, decoys_linked: 0 }, { band: 'moderate', links: 0, true_links: 0, precision: null, decoys_linked: 0 }],
}];

describe('modelsDoc', () => {
  it('lists weights by size without the zero ones, the held features, and a quality row per scale', () => {
    const doc = modelsDoc([model], [{ scale: '0.004', report }, { scale: '1', report }]);
    expect(doc).toContain('Intercept −2.50; `first_name_conflict` −4.00, `surname_exact` 3.25.');
    expect(doc).toContain('Held at zero (the fit gave them the sign evidence cannot have): `same_postal_area`.');
    expect(doc).toContain('| L7 | 0.004 | 1,200 | 30 | 0.30 | 0.25 | 12 @ 1.000 | 0 @ – |  | 0.500 |');
    expect(doc.match(/\| L7 \| /g)).toHaveLength(2);
    // what the contribution insights stand on: L7 per pair, contribution and dollar, at 0.7 and at 0.95
    expect(doc).toContain('| 1 | 30 | 0.500 | 0.400 | 20 | 0.550 | 0.450 | 10,500 | 0.600 | 0.500 |');
  });
});
