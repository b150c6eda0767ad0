// What each column of the insight tables means (analysis-definitions.md), by row schema: openapi.json and the bulk
// export's data dictionary carry these. Every insight row also has `model_version` and, where a value can be
// withheld, `suppressed`; those two are described once here.

const office = 'a member\'s office: the member and the staff resolved to that member';

export const INSIGHT_COMMON: Record<string, string> = {
  model_version: 'Export date of the pipeline run that built the row',
  suppressed: 'Why a value of this row is null (below the reporting minimum), in words; null when nothing is withheld',
};

export const INSIGHT_DESCRIPTIONS: Record<string, Record<string, string>> = {
  ItemLobbyingRow: {
    agenda_item_id: 'Agenda item with a first recorded vote',
    window: 'Days before the first vote counted: 30, 90 or 180',
    first_vote_date: 'Date of the first recorded vote on the item',
    ward: 'Ward of the item, where it names one',
    committee_code: 'Decision body code',
    title: 'Item title',
    registrations: 'Registrations with a published L1 link to the item and a communication in the window',
    organizations: 'Client organisations of those registrations',
    lobbyists: 'Lobbyists who reported those communications',
    communications: 'Communications on linked registrations dated within [first vote − window, first vote]',
    member_communications: `Of those, communications that reached ${office}`,
    members_contacted: 'Members whose office those communications reached',
    members_contacted_who_voted: 'Of those members, the ones who cast a vote on the item',
  },
  OfficeContactsRow: {
    person_id: 'Member of council (person id)',
    term: 'Council term',
    quarter: 'Calendar quarter (YYYYQn), or "term" for the member\'s whole term',
    communications: `Communications that reached the member's office (${office})`,
    registrations: 'Registrations those communications were reported under',
    organizations: 'Client organisations of those registrations',
    lobbyists: 'Lobbyists who reported them',
    meeting: 'Of the communications, those by meeting',
    call: 'Of the communications, those by call',
    email: 'Of the communications, those by email',
    written: 'Of the communications, those in writing',
    other: 'Of the communications, those by another method',
    staff_share: 'Share of the office\'s communications that went to staff rather than the member',
    rank: 'Rank of the office among all member offices in the quarter (1 = most contacted; ties share a rank)',
  },
  MeetingRatesRow: {
    subject_type: 'lobbyist, firm, office or pair',
    subject_id: 'The subject: a person id (lobbyist, office), an organisation id (firm) or <lobbyist id>:<member person id> (pair)',
    office: 'Member whose office was contacted (person id)',
    category: 'Registry subject category of the registrations, or * for all',
    communications: 'Communications of the subject with the office in the category',
    meetings: 'Of those, meetings',
    rate: 'meetings ÷ communications; null below 10 communications',
    office_rate: 'The same office\'s meeting rate over all subjects in the category',
    ratio: 'rate ÷ office_rate',
  },
  DeviationRow: {
    person_id: 'Member of council (person id)',
    term: 'Council term',
    lobbied_votes: 'Recorded Yes/No votes with a bloc on items lobbied for the member (a published L1 link and a communication to the member\'s office in the 180 days before the vote)',
    lobbied_deviations: 'Of those, votes against the bloc (the majority of the other members\' Yes/No votes on the same motion)',
    lobbied_rate: 'lobbied_deviations ÷ lobbied_votes; null below 10 votes',
    unlobbied_votes: 'Recorded Yes/No votes with a bloc on the member\'s other items',
    unlobbied_deviations: 'Of those, votes against the bloc',
    unlobbied_rate: 'unlobbied_deviations ÷ unlobbied_votes; null below 10 votes',
    difference: 'lobbied_rate − unlobbied_rate; null when either is',
  },
  FormerOfficialRow: {
    lobbyist_person_id: 'The lobbyist (person id)',
    lobbyist_name: 'The lobbyist\'s name',
    former_official_person_id: 'The former public office holder the lobbyist is (person id)',
    former_official_name: 'Their name as an office holder',
    role: 'Role they held: member_of_council or mayor',
    left_office: 'Last day in office',
    first_registration_after: 'First registration of the lobbyist after leaving office',
    months_after_leaving: 'Whole months from leaving office to that registration',
    registrations: 'The lobbyist\'s registrations after leaving office',
    communications: 'The lobbyist\'s communications after leaving office',
    communications_to_former_colleagues: 'Of those, communications to the offices of members they served with',
    evidence: 'The confirming records of the reviewer-confirmed L5 match (at least two independent ones): source and id',
  },
};
