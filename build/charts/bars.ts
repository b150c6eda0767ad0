// The bar charts of /insights/contribution-stats (per election, the share of all campaign dollars given by
// contributors linked to lobbyists and senior officers, by tier) and /insights/noncompetitive-share (per award year,
// non-competitive contracts as a share of all contracts, by count and by dollars, every reason and the whole City).
import { percent, type Chart } from './chart.ts';
import { SERIES_COLOURS } from './style.ts';

export interface ContributionStatsRow {
  election: string;
  scope: string;
  amount: number;
  election_amount: number;
  tier1_share: number | null;
  tier2_share: number | null;
}

export interface NoncompetitiveShareRow {
  scope: string;
  scope_id: string | null;
  reason: string;
  year: number;
  contracts: number;
  all_contracts: number;
  share_count: number;
  share_amount: number | null;
}

const TIERS = [
  { field: 'tier1_share', label: 'Tier 1: registered lobbyists' },
  { field: 'tier2_share', label: 'Tier 2: senior officers' },
] as const;

/** Scope 12 only (the published tiers): scope 123's tier-3 matches are counted in the API's aggregate and not drawn. */
export function contributionStatsChart(rows: readonly ContributionStatsRow[]): Chart {
  const published = rows.filter((r) => r.scope === '12');
  const data = published.flatMap((r) => TIERS.map((t) => ({ election: r.election, tier: t.label, share: r[t.field] })));
  const withheld = data.filter((d) => d.share === null).length;
  const latest = published.at(-1);
  const latestShare = latest ? (latest.tier1_share ?? 0) + (latest.tier2_share ?? 0) : null;
  return {
    insight: 'contribution-stats',
    key: null,
    title: 'Campaign money from people linked to lobbying, per election',
    subtitle: [
      latest ? `${latest.election}: ${percent(latestShare!)} of all contributions to Mayor and council campaigns came from linked contributors.` : 'No election with linked contributions.',
      `A lower bound: only contributions a reviewer confirmed as given by a registered lobbyist (tier 1) or a senior officer (tier 2) count.${withheld ? ` ${withheld} values are withheld and shown as gaps.` : ''}`,
    ],
    description: `Stacked bar chart, one bar per municipal election, of the share of all campaign contributions given by contributors linked to ` +
      'registered lobbyists (tier 1) and to senior officers of lobbying organisations (tier 2).',
    datasets: { rows: data },
    body: {
      data: { name: 'rows' },
      mark: { type: 'bar', stroke: '#ffffff', strokeWidth: 0.5 },
      encoding: {
        x: { field: 'election', type: 'ordinal', title: 'Election', axis: { labelAngle: 0 } },
        y: { field: 'share', type: 'quantitative', stack: 'zero', title: 'Share of election dollars (%)', axis: { format: '.1%' } },
        color: { field: 'tier', type: 'nominal', title: 'Link tier', sort: TIERS.map((t) => t.label), scale: { domain: TIERS.map((t) => t.label), range: [SERIES_COLOURS[0], SERIES_COLOURS[2]] } },
      },
    },
  };
}

const MEASURES = [
  { field: 'share_count', label: 'Share of contracts' },
  { field: 'share_amount', label: 'Share of contract dollars' },
] as const;

/** The City as a whole (scope all), every reason (reason "*"). */
export function noncompetitiveShareChart(rows: readonly NoncompetitiveShareRow[]): Chart {
  const city = rows.filter((r) => r.scope === 'all' && r.reason === '*');
  const data = city.flatMap((r) => MEASURES.map((m) => ({ year: r.year, measure: m.label, share: r[m.field] })));
  const withheld = data.filter((d) => d.share === null).length;
  const latest = city.at(-1);
  return {
    insight: 'noncompetitive-share',
    key: null,
    title: 'How much City contracting is non-competitive, per award year',
    subtitle: [
      latest ? `${latest.year}: ${latest.contracts} of ${latest.all_contracts} contracts (${percent(latest.share_count)}) were non-competitive, ${latest.share_amount === null ? 'no dollar share (no amounts stated)' : `${percent(latest.share_amount)} of the dollars`}.` : 'No contracts.',
      `Non-competitive contracts of every reason, against all contracts awarded that year (competitive award lines and non-competitive contracts).${withheld ? ` ${withheld} years have no dollar share (no amounts stated) and show a gap.` : ''}`,
    ],
    description: 'Grouped bar chart, one group per award year, of non-competitive contracts as a share of all City contracts, by number of contracts and by dollars.',
    datasets: { rows: data },
    body: {
      data: { name: 'rows' },
      mark: { type: 'bar' },
      encoding: {
        x: { field: 'year', type: 'ordinal', title: 'Award year', axis: { labelAngle: 0 } },
        xOffset: { field: 'measure', sort: MEASURES.map((m) => m.label) },
        y: { field: 'share', type: 'quantitative', title: 'Non-competitive share (%)', axis: { format: '.0%' } },
        color: { field: 'measure', type: 'nominal', title: 'Measure', sort: MEASURES.map((m) => m.label), scale: { domain: MEASURES.map((m) => m.label), range: [SERIES_COLOURS[0], SERIES_COLOURS[2]] } },
      },
    },
  };
}
