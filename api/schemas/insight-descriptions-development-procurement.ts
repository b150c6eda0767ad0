// What each column of the development and procurement insight tables means (analysis-definitions.md 4.6 and
// Procurement), by row schema; insight-descriptions.ts merges them into the descriptions openapi.json and the bulk
// export's data dictionary carry.

const group = (g: 'lobbied' | 'matched') => (g === 'lobbied'
  ? 'of the lobbied group (lobbied applications with at least one matched control)'
  : 'of the matched group (the unlobbied controls, each counted once)');
const rates = (g: 'lobbied' | 'matched') => ({
  [`${g}_approval_rate`]: `Share approved ${group(g)}; null when either group has fewer than 20 applications`,
  [`${g}_refusal_rate`]: `Share refused ${group(g)}; null when suppressed`,
  [`${g}_withdrawn_rate`]: `Share withdrawn ${group(g)}; null when suppressed`,
  [`${g}_appeal_rate`]: `Share appealed (OMB, LPAT, OLT or TLAB) ${group(g)}; null when suppressed`,
  [`${g}_median_days_to_decision`]: `Median days from submission to decision ${group(g)}, over the applications with a decision date (CoA only: the development file publishes none); null when suppressed or none has one`,
});

export const DEVELOPMENT_PROCUREMENT_DESCRIPTIONS: Record<string, Record<string, string>> = {
  ApplicationComparisonRow: {
    kind: 'development or coa',
    type: 'Application type code',
    level: 'type = city-wide (controls from any ward), type_ward = controls from the same ward',
    ward: 'Ward of the row (level type_ward); null at level type',
    lobbied_n: 'Lobbied applications (a published L2 link) of the row that found at least one matched control',
    matched_n: 'Unlobbied applications matched to them: same kind, type, size band (and ward), submitted within two years, nearest first, up to 3 each, without replacement',
    ...rates('lobbied'),
    ...rates('matched'),
    approval_rate_difference: 'lobbied_approval_rate − matched_approval_rate; describes the groups, does not show that lobbying caused the outcome',
    refusal_rate_difference: 'lobbied_refusal_rate − matched_refusal_rate',
    withdrawn_rate_difference: 'lobbied_withdrawn_rate − matched_withdrawn_rate',
    appeal_rate_difference: 'lobbied_appeal_rate − matched_appeal_rate',
    median_days_to_decision_difference: 'lobbied_median_days_to_decision − matched_median_days_to_decision',
    lobbied_unmatched: 'Lobbied applications of the row with no unlobbied application to match (no submission date, or none within two years): left out of every measure',
  },
  ProcurementTimelineRow: {
    organization_id: 'The organisation whose timeline this is (a canonical record: the records merged into it by published L3 links are part of it)',
    row: 'Position of the event in the organisation\'s timeline (date, then event, then id)',
    event: 'registration (a registration naming the organisation as client, on its initial approval), communication, solicitation_issued, solicitation_closed (submission deadline) or contract_awarded',
    date: 'Date of the event',
    registration_id: 'The registration (registration and communication events)',
    communication_id: 'The communication (communication events)',
    member_person_id: 'Member whose office the communication reached, where it did',
    contract_id: 'The contract awarded (contract_awarded events)',
    document_number: 'Solicitation document number; on a communication inside a window, the solicitation whose window holds it (the earliest issued)',
    supplier_organization_id: 'Who won the contract: the organisation itself, as /contracts names the supplier (key-resolved, else the published L6 link, as its canonical record)',
    amount: 'Contract amount in dollars (contract_awarded events)',
    inside: 'On communications: 1 when dated from the issue date to the award date (both included) of a solicitation the organisation later won (its merged records\' wins and the contracts published L6 links give it included), else 0; null on other events',
  },
  NoncompetitiveShareRow: {
    scope: 'all, supplier or division',
    scope_id: 'Supplier organisation id (the contract\'s supplier as /contracts names it: key-resolved, else the best published L6 link, as its canonical record) or division name; null for all',
    reason: 'Non-competitive reason as published, or * for every reason',
    year: 'Calendar year of the award (contract) date',
    contracts: 'Non-competitive contracts of the scope, reason and year',
    amount: 'Their stated amounts, in dollars',
    all_contracts: 'All contracts of the scope and year: competitive award lines and non-competitive contracts',
    all_amount: 'Their stated amounts, in dollars',
    share_count: 'contracts ÷ all_contracts',
    share_amount: 'amount ÷ all_amount; null when no amount is stated',
  },
  FirmClientsRow: {
    firm_organization_id: 'Consultant firm (organisation id of its canonical record: published L3 merges applied)',
    client_organization_id: 'Client the firm lobbied for (organisation id of its canonical record)',
    year: 'Calendar year',
    registrations: 'The firm\'s registrations for the client active during the year',
    communications: 'Communications on those registrations dated in the year',
    lobbyists: 'Lobbyists: registrants of the active registrations and lobbyists of the year\'s communications',
    member_offices_contacted: 'Members whose office (the member or staff resolved to the member) the year\'s communications reached',
    first_date: 'Date of the year\'s first communication; null without one',
    last_date: 'Date of the year\'s last communication; null without one',
  },
};
