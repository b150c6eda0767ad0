// Development group: development and Committee of Adjustment applications, and the geocoded sites they name.
import type { Route } from './types.ts';
import { APPLICATION_KINDS, APPLICATION_OUTCOMES, COMPARISON_LEVELS, GEOCODE_METHODS } from '../schemas/vocabulary.ts';
import { dateParam, defineDetail, defineInsight, defineList, enumParam, intParam, q, searchParam, strParam } from './define.ts';

// the application list and the application comparison filter kind and type alike
const applicationKind = () => enumParam('kind', APPLICATION_KINDS, 'Application kind', { kind: 'eq', column: 'kind' });
const applicationType = () => strParam('type', 'Application type code (OZ, SA, CD, SB, PL; MV, CO)', { kind: 'eq', column: 'type' }, { pattern: '^[A-Z]{2}$', example: 'OZ' });

export const developmentRoutes: readonly Route[] = [
  defineList('Development', {
    id: 'applications.list',
    path: '/applications',
    summary: 'Development applications and Committee of Adjustment applications',
    resource: 'applications',
    schema: 'Application',
    order: 'application or file number ascending',
    params: [
      applicationKind(),
      applicationType(),
      intParam('ward', 'Ward', { kind: 'eq', column: 'ward', cast: 'integer' }),
      strParam('status', 'Status as published (exact text)', { kind: 'eq', column: 'status' }),
      enumParam('outcome', APPLICATION_OUTCOMES, 'Normalised outcome', { kind: 'eq', column: 'outcome' }),
      dateParam('from', 'Submitted on or after', { kind: 'gte', column: 'submitted' }),
      dateParam('to', 'Submitted on or before', { kind: 'lte', column: 'submitted' }),
      { ...intParam('site', 'A site the application names', { kind: 'contains', column: 'f_sites', cast: 'integer' }), lookup: '/sites' },
      searchParam('the description, the address and the application type'),
    ],
  }),
  defineDetail('Development', 'applications.detail', '/applications/{id}', 'applications', 'ApplicationDetail', true,
    'Application with its sites, published L2 links and the comparison row for its type', 'Application or file number, or URL slug'),
  defineList('Development', {
    id: 'sites.list',
    path: '/sites',
    summary: 'Geocoded sites named by applications, registrations and agenda items',
    resource: 'sites',
    schema: 'Site',
    order: 'id ascending',
    params: [
      intParam('ward', 'Ward', { kind: 'eq', column: 'ward', cast: 'integer' }),
      enumParam('method', GEOCODE_METHODS, 'Geocoding method', { kind: 'eq', column: 'geocode_method' }),
      q('address', 'Case-insensitive substring of the address'),
    ],
  }),
  defineDetail('Development', 'sites.detail', '/sites/{id}', 'sites', 'SiteDetail', true,
    'Site with the registrations, applications and agenda items that name it', 'Site id, slug or address key'),
  defineInsight('Development', {
    name: 'application-comparison',
    primaryKey: ['kind', 'type', 'level', 'ward'],
    summary: 'Lobbied applications (a published L2 link) against matched unlobbied applications of the same kind, type, size band (and ward) submitted nearest in time: outcome rates and days to decision',
    description: 'Each lobbied application is matched to up to 3 unlobbied applications of the same kind, type and size band ' +
      '(and ward at level type_ward) submitted within two years, nearest first, without replacement. Outcome measures are ' +
      'null where either group has fewer than 20 applications, and the row\'s suppressed column says so. A difference ' +
      'describes the two groups; it does not show that lobbying caused an outcome (docs/methodology-insights-development-procurement.md).',
    schema: 'ApplicationComparisonRow',
    order: 'kind, type, then the city-wide row (level type) followed by the ward rows in ward order',
    params: [
      applicationKind(),
      applicationType(),
      intParam('ward', 'Ward (rows of level type_ward)', { kind: 'eq', column: 'ward', cast: 'integer' }),
      enumParam('level', COMPARISON_LEVELS, 'type = city-wide, type_ward = within each ward', { kind: 'eq', column: 'level' }),
    ],
  }),
];
