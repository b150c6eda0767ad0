// The contribution insights find what the default city plants (sample/README.md, "Planted insight effects:
// contributions") and do not find what it does not: an organisation whose lobbyists and officers give to the
// councillor they lobbied on one day (coordinated giving, contribution overlap) and its null (the same number of
// people, different councillors, different days); members funded by the organisations whose positions they voted with
// (alignment) and members funded at random among those whose positions they voted on (no difference).
import { beforeAll, describe, expect, it } from 'vitest';
import { openDefaultCity, plantedTruth, type CityApp } from './default-city-app.ts';

interface Gift { person: string; tier: number; amount: number; date: number; member?: number }
interface Truth {
  organisations: { id: string; canonical: string }[];
  candidates: { election: number; candidates: { name: string; office: string; ward: number | null; memberId: number | null }[] }[];
  contributionEffects: {
    coordinated: { organisation: string; memberId: number; gifts: Gift[]; nullOrganisation: string; nullGifts: Gift[] };
    alignment: { term: string; election: number; members: { memberId: number; kind: 'aligned' | 'null'; funders: { organisation: string; votes: number }[] }[] };
  };
}
type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let app: CityApp;
let truth: Truth;
let personOf: (memberId: number) => number;
const isoOf = (day: number) => new Date(day * 864e5).toISOString().slice(0, 10);

beforeAll(async () => {
  const city = await openDefaultCity();
  app = city.app;
  truth = plantedTruth<Truth>(city.config);
  // a planted member's person id: their 2022 Councillor campaign (the generator writes "Last, First"; the API "First Last")
  const campaigns = await app.list<Row>('/campaigns?election=2022&office=Councillor');
  const candidates = truth.candidates.find((e) => e.election === 2022)!.candidates;
  personOf = (memberId) => {
    const c = candidates.find((x) => x.memberId === memberId && x.office === 'Councillor')!;
    const [last, first] = c.name.split(', ');
    const campaign = campaigns.find((k) => k.ward === c.ward && k.candidate_name === `${first} ${last}`);
    expect(campaign?.candidate_person_id, c.name).toBeTypeOf('number');
    return campaign!.candidate_person_id as number;
  };
}, 900_000);

describe('coordinated giving: the planted organisation\'s people on one day', () => {
  it('finds the organisation and campaign, three or more contributors, all on the planted day', async () => {
    const { coordinated } = truth.contributionEffects;
    const person = personOf(coordinated.memberId);
    const rows = await app.list<Row>(`/insights/coordinated-giving?election=2022&candidate=${person}`);
    expect(rows).toHaveLength(1);
    const [row] = rows as [Row];
    const org = (await app.json<Row>(`/organizations/${row.organization_id}`)).body.data;
    // the organisation's published name is the pipeline's choice among its spellings: compare letters and digits
    const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
    expect(fold(org.canonical_name)).toBe(fold(truth.organisations.find((o) => o.id === coordinated.organisation)!.canonical));
    const day = isoOf(coordinated.gifts[0]!.date);
    expect(row.contributors).toBeGreaterThanOrEqual(3);
    expect(row.contributors).toBeLessThanOrEqual(coordinated.gifts.length);
    expect(row.max_same_day).toBe(row.contributors); // every one of them gave that day
    expect([row.first_date, row.last_date]).toEqual([day, day]);
    expect(row.caveat).toMatch(/^Lower bound: /);
    // and it lobbied that councillor's office in the term before: a contribution-overlap row
    const overlap = await app.list<Row>(`/insights/contribution-overlap?election=2022&organization=${row.organization_id}&candidate=${person}`);
    expect(overlap).toHaveLength(1);
    expect(overlap[0]!.term).toBe('2018-2022');
    expect(overlap[0]!.communications).toBeGreaterThanOrEqual(1);
    expect(overlap[0]!.linked_contributors).toBe(row.contributors);
  });

  it('finds nothing for the null organisation, whose people gave to different councillors on different days', async () => {
    const { coordinated } = truth.contributionEffects;
    for (const g of coordinated.nullGifts) {
      expect(await app.list<Row>(`/insights/coordinated-giving?election=2022&candidate=${personOf(g.member!)}`)).toEqual([]);
    }
    // the planted organisation's row is the city's only one: nothing else gathers three linked people on one campaign
    expect(await app.list<Row>('/insights/coordinated-giving')).toHaveLength(1);
  });
});

describe('alignment: funded members vote with their funders\' positions more often', () => {
  const row = async (comparison: string, person: number) => {
    const rows = await app.list<Row>(`/insights/alignment?term=2022-2026&comparison=${comparison}&person=${person}`);
    expect(rows, `${comparison} ${person}`).toHaveLength(1);
    return rows[0]!;
  };

  it('shows each planted member\'s funded positions more often aligned, beyond the bootstrap interval against the bloc', async () => {
    const planted = truth.contributionEffects.alignment.members.filter((m) => m.kind === 'aligned');
    expect(planted.length).toBe(3);
    for (const m of planted) {
      const person = personOf(m.memberId);
      const within = await row('within_member', person), bloc = await row('within_bloc', person);
      expect(within.funded_votes, `member ${person}`).toBeGreaterThanOrEqual(10); // rates shown
      expect(within.funded_rate).toBeGreaterThan(within.unfunded_rate);
      expect(within.difference_high).toBeGreaterThan(0);
      expect(bloc.difference_low, `member ${person} within_bloc`).toBeGreaterThan(0);
      expect(within.seed).toBe(20261122);
      expect(within.caveat.startsWith('Donors tend to give to councillors who already agree with them; a difference does not show that a contribution changed a vote.')).toBe(true);
    }
    // (the council-wide row pools every funded member, the nulls and the city's ordinary gifts too: not a planted effect)
  });

  it('finds no difference for the null members, funded at random among the organisations whose positions they voted on', async () => {
    const nulls = truth.contributionEffects.alignment.members.filter((m) => m.kind === 'null');
    expect(nulls.length).toBe(2);
    let shown = 0;
    for (const m of nulls) {
      const within = await row('within_member', personOf(m.memberId));
      if (within.difference === null) continue; // fewer than 10 funded votes published, or nothing to compare
      shown++;
      expect(within.difference_low, `null member ${within.person_id}`).toBeLessThanOrEqual(0);
      expect(within.difference_high, `null member ${within.person_id}`).toBeGreaterThanOrEqual(0);
    }
    expect(shown).toBeGreaterThanOrEqual(1);
  });
});
