// Contributions group: election campaigns with their totals, the contributions published through reviewer-confirmed
// L7 links (tiers 1 and 2; contributor name and city only), and the contribution insights (analysis-definitions.md,
// Contributions), in the contract's order. The insights aggregate over linked contributors: no row names one.
import type { ListRoute, Route } from './types.ts';
import { ALIGNMENT_COMPARISONS, CAMPAIGN_OFFICES, CONTRIBUTION_STATS_SCOPES, CONTRIBUTION_TIERS } from '../schemas/vocabulary.ts';
import { defineInsight, defineList, enumParam, intParam, organizationParam, personParam, strParam, termParam } from './define.ts';

const ELECTION = { pattern: '^\\d{4}$', example: '2022' };
const election = () => strParam('election', 'Election identifier (year, e.g. 2022)', { kind: 'eq', column: 'election' }, ELECTION);
const organization = () => organizationParam('organization', 'Organisation id', 'f_organization_ids');
const candidate = (description = 'Candidate person id') => personParam('candidate', description, 'candidate_person_id');
const LOWER_BOUND = 'Linked figures count only contributions a reviewer confirmed as from a registered lobbyist or senior officer ' +
  'of the organisation (L7, tiers 1 and 2): they are lower bounds, and each row\'s caveat states the measured L7 recall they stand on.';

export const donorOverlap: ListRoute = defineInsight('Contributions', {
  name: 'donor-overlap',
  primaryKey: ['election', 'campaign_id'],
  summary: 'Share of each campaign\'s named dollars and contributors from linked contributors (tiers 1-2), with the council median, plus council-wide rows (candidate 0)',
  description: LOWER_BOUND,
  schema: 'DonorOverlapRow',
  order: 'election, then campaign id (the council-wide row, 0, first)',
  params: [election(), candidate('Candidate person id; 0 for the council-wide rows')],
});

export const contributionOverlap: ListRoute = defineInsight('Contributions', {
  name: 'contribution-overlap',
  primaryKey: ['election', 'organization_id', 'candidate_person_id'],
  summary: 'Organisation x candidate x election: organisations that lobbied a member\'s office during the term before the election and whose linked contributors gave to the member',
  description: LOWER_BOUND,
  schema: 'ContributionOverlapRow',
  order: 'election, then organisation id, then candidate person id',
  params: [election(), organization(), candidate()],
});

export const coordinatedGiving: ListRoute = defineInsight('Contributions', {
  name: 'coordinated-giving',
  primaryKey: ['organization_id', 'campaign_id'],
  summary: 'Organisation x campaign: three or more linked contributors from one organisation giving to one campaign, with the most on one day',
  description: LOWER_BOUND,
  schema: 'CoordinatedGivingRow',
  order: 'election, then organisation id, then campaign id',
  params: [election(), organization(), candidate()],
});

export const alignment: ListRoute = defineInsight('Contributions', {
  name: 'alignment',
  primaryKey: ['term', 'comparison', 'person_id'],
  summary: 'Votes aligned with reviewer-confirmed organisation positions, funded vs not funded, with bootstrap 95% intervals (2,000 resamples of items, seed in the row)',
  description: 'Donors tend to give to councillors who already agree with them; a difference does not show that a contribution changed a vote. ' +
    'Member-level rates are null below 10 votes on items from funding organisations, and the row\'s suppressed column says so. ' + LOWER_BOUND,
  schema: 'AlignmentRow',
  order: 'term, then comparison (within_bloc, within_member, prior_term), then person id (the council-wide row, 0, first)',
  params: [
    termParam('Council term of the votes', { kind: 'eq', column: 'term' }),
    enumParam('comparison', ALIGNMENT_COMPARISONS, 'Which comparison', { kind: 'eq', column: 'comparison' }),
    personParam('person', 'Person id of the member; 0 for the council-wide rows', 'person_id'),
  ],
});

export const contributionStats: ListRoute = defineInsight('Contributions', {
  name: 'contribution-stats',
  primaryKey: ['election', 'scope'],
  summary: 'Council-wide aggregates of linked contributions per election: scope 12 (tiers 1-2, published) and 123 (including tier 3, aggregate only)',
  description: LOWER_BOUND,
  schema: 'ContributionStatsRow',
  order: 'election, then scope (12 first)',
  params: [election(), enumParam('scope', CONTRIBUTION_STATS_SCOPES, '12 = tiers 1-2, 123 = including tier 3', { kind: 'eq', column: 'scope' })],
});

export const contributionRoutes: readonly Route[] = [
  defineList('Contributions', {
    id: 'campaigns.list',
    path: '/campaigns',
    summary: 'Municipal election campaigns of candidates for Mayor and Councillor, with contribution totals',
    resource: 'campaigns',
    schema: 'Campaign',
    order: 'id ascending',
    params: [
      election(),
      candidate(),
      enumParam('office', CAMPAIGN_OFFICES, 'Office sought', { kind: 'eq', column: 'office' }),
      intParam('ward', 'Ward (councillors)', { kind: 'eq', column: 'ward', cast: 'integer' }),
    ],
  }),
  defineList('Contributions', {
    id: 'contributions.list',
    path: '/contributions',
    summary: 'Contributions from registered lobbyists (tier 1) and senior officers (tier 2) of lobbying organisations',
    description: 'Only contributions attributed to an organisation through a reviewer-confirmed match (L7, score 0.95 or ' +
      'more) are published, with the contributor\'s name and city only; addresses are never published. Tier 3 matches ' +
      'are used in aggregate statistics only.',
    resource: 'contributions',
    schema: 'Contribution',
    order: 'id ascending',
    params: [
      election(),
      candidate(),
      organization(),
      enumParam('tier', CONTRIBUTION_TIERS, 'Match tier: 1 registered lobbyist, 2 senior officer', { kind: 'eq', column: 'tier', cast: 'integer' }),
      personParam('person', 'Lobbyist registry person id of the contributor', 'registry_person_id'),
    ],
  }),
  donorOverlap, contributionOverlap, coordinatedGiving, alignment, contributionStats,
];
