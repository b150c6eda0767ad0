// Hand-made rows of the six charted insights, as their routes publish them (every field, in order), and the records
// map the site writer hands the charts stage: small, with the cases the charts must state (a quarter without a share,
// a spike, a whole-term row, a pending or measured disclosure lag).
import { routesOfKind } from '../../../api/routes.ts';
import type { ListRoute } from '../../../api/routes/types.ts';

const MV = { model_version: '2026-01-15' };

export function mayorShareRows(): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let y = 2019; y <= 2025; y++) {
    for (let q = 1; q <= 4; q++) {
      const quarter = `${y}Q${q}`;
      const post = y * 4 + q >= 2023 * 4 + 1 ? 1 : 0;
      for (const [i, category] of ['all', 'planning_development', 'budget', 'housing'].entries()) {
        const all = quarter === '2020Q2' && category === 'housing' ? 0 : 40 + i * 3 + q;
        const mayor = all === 0 ? 0 : Math.round(all * (post ? 0.5 : 0.15)) + (q % 2);
        rows.push({ quarter, category, mayor_office: mayor, all_member_offices: all, share: all === 0 ? null : Math.round((mayor / all) * 1e4) / 1e4, executive_committee_share: 0.3, post, ...MV });
      }
    }
  }
  return rows;
}

export function itsDoc(measured = true): Record<string, unknown> {
  const c = (term: string, estimate: number, half: number, p: number) =>
    measured ? { term, estimate, std_error: half / 2, ci_low: estimate - half, ci_high: estimate + half, p_value: p } : { term, estimate: null, std_error: null, ci_low: null, ci_high: null, p_value: null };
  return {
    intervention_date: '2022-11-23', intervention_quarter: '2023Q1', n_pre: 16, n_post: 12,
    coefficients: [c('intercept', 0.16, 0.02, 0.0001), c('trend', 0.001, 0.002, 0.4), c('level_change', 0.33, 0.05, 0.0002), c('slope_change', -0.002, 0.004, 0.3)],
    durbin_watson: measured ? 1.9 : null, measurement: measured ? null : '16 quarters before 2023Q1 and 3 from it: not estimated', model_version: '2026-01-15',
  };
}

export function topicVolumeRows(): Record<string, unknown>[] {
  return ['affordable_housing', 'transit'].flatMap((topic) => Array.from({ length: 15 }, (_, i) => {
    const month = `2024-${String((i % 12) + 1).padStart(2, '0')}`.replace(/^2024/, i < 12 ? '2024' : '2025');
    const registrations = topic === 'transit' && i === 13 ? 12 : (i % 4) + 1;
    const baseline = i < 12 ? null : 2.5;
    return { topic, month, registrations, baseline, p_value: baseline === null ? null : registrations > 10 ? 0.0005 : 0.5, spike: registrations > 10 && baseline !== null ? 1 : 0, ...MV };
  }));
}

export function officeContactsRows(): Record<string, unknown>[] {
  const row = (person_id: number, quarter: string, k: number) => ({
    person_id, term: '2022-2026', quarter, communications: 6 * k, registrations: k, organizations: k, lobbyists: k,
    meeting: k, call: k, email: 2 * k, written: k, other: 0, not_stated: k, staff_share: 0.5, rank: person_id === 7 ? 1 : 2, ...MV,
  });
  return [row(7, '2024Q1', 2), row(9, '2024Q1', 1), row(7, '2024Q2', 3), row(9, '2024Q2', 2), row(7, 'term', 5), row(9, 'term', 3)];
}

export function disclosureLagRows(pending = false): Record<string, unknown>[] {
  const base = { communications: null, late: null, late_share: null, median_lag_days: null, p90_lag_days: null };
  if (pending) return [{ subject_type: 'all', subject_id: null, ...base, measurement: 'The registry snapshot history spans 2 months; rows appear from 2026-05-01, when it spans 6', ...MV }];
  return [
    { subject_type: 'all', subject_id: null, communications: 100, late: 20, late_share: 0.2, median_lag_days: 2, p90_lag_days: 9, measurement: null, ...MV },
    { subject_type: 'subject', subject_id: 'Housing', communications: 60, late: 15, late_share: 0.25, median_lag_days: 2, p90_lag_days: 10, measurement: null, ...MV },
    { subject_type: 'subject', subject_id: 'Transit', communications: 40, late: 5, late_share: 0.125, median_lag_days: 1, p90_lag_days: 5, measurement: null, ...MV },
  ];
}

export function contributionStatsRows(): Record<string, unknown>[] {
  const row = (election: string, scope: string, t1: number, t2: number) => ({
    election, scope, contributions: 10, amount: 5000, contributors: 9, campaigns: 4, election_amount: 1_000_000,
    tier1_share: t1, tier2_share: t2, tier3_share: scope === '123' ? 0.001 : null, median_contribution: 500, p90_contribution: 750, caveat: 'Lower bound', ...MV,
  });
  return [row('2018', '12', 0.004, 0.001), row('2018', '123', 0.004, 0.001), row('2022', '12', 0.006, 0.002), row('2022', '123', 0.006, 0.002)];
}

export function noncompetitiveRows(): Record<string, unknown>[] {
  const row = (scope: string, scope_id: string | null, reason: string, year: number, contracts: number, share_amount: number | null) => ({
    scope, scope_id, reason, year, contracts, amount: 1000 * contracts, all_contracts: 20, all_amount: 100_000,
    share_count: contracts / 20, share_amount, ...MV,
  });
  return [row('all', null, '*', 2023, 2, 0.02), row('all', null, '*', 2024, 4, null), row('all', null, 'Emergency', 2024, 1, 0.01), row('supplier', '12', '*', 2024, 1, 0.01)];
}

/** The records map of the six insights (and every other list route, empty), as the site writer builds it. */
export function chartRecords(options: { pendingLag?: boolean } = {}): Map<ListRoute, readonly string[]> {
  const byName: Record<string, Record<string, unknown>[]> = {
    'mayor-share': mayorShareRows(), 'topic-volume': topicVolumeRows(), 'office-contacts': officeContactsRows(),
    'disclosure-lag': disclosureLagRows(options.pendingLag), 'contribution-stats': contributionStatsRows(), 'noncompetitive-share': noncompetitiveRows(),
  };
  return new Map(routesOfKind('list').map((route) => [route, (byName[route.id.replace(/^insights\./, '')] ?? []).map((r) => JSON.stringify(r))]));
}
