// Every figure that counts contributors counts the same people: on the e2e and the default city, donor-overlap's
// linked contributors (per campaign and council-wide), contribution-stats' scope-12 contributors, contribution-overlap's
// linked contributors and coordinated-giving's rows and contributors are recomputed from the published /contributions
// rows (every page) with the one contributor identity (./contributor-identity.ts) and must equal what the API publishes;
// donor-overlap's named contributors never exceed the contributors the campaign's filing states, and equal them on
// the sample city (its filings count people). Then the sample's planted identity cases (sample/README.md, "Contributor
// identity"): a lobbyist giving twice from two addresses is one contributor, an ordinary donor giving twice from two
// addresses is one named contributor, and three gifts from two lobbyists of one organisation make no coordinated-giving
// row.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config/resolve.ts';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { defaultCity, e2eCity } from './city.ts';
import { contributorIdentities } from './contributor-identity.ts';
import { openCityApp, plantedTruth, type CityApp } from './default-city-app.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Gift { amount: number; date: number; person?: string; name?: string }
interface Truth {
  candidates: { election: number; candidates: { name: string; office: string; ward: number | null; memberId: number | null }[] }[];
  contributionEffects: { contributorIdentity: {
    twice: { name: string; memberId: number; gifts: Gift[] };
    home: { name: string; memberId: number; gifts: Gift[] };
    nearMiss: { memberId: number; gifts: Gift[] };
  } };
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
const distinct = <T>(xs: Iterable<T>) => new Set(xs).size;
const groupBy = <T>(xs: readonly T[], key: (x: T) => string) => {
  const out = new Map<string, T[]>();
  for (const x of xs) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return out;
};

describe.each([['e2e city (scale 0.004)', e2eCity], ['default city (scale 0.02)', defaultCity]] as const)('%s', (_name, city) => {
  let config: Config;
  let app: CityApp;
  let published: Row[];
  let identity: ReturnType<typeof contributorIdentities>;
  let campaigns: Row[];
  let table: (name: string) => Row[];
  let truth: Truth;
  beforeAll(async () => {
    config = await city();
    app = await openCityApp(config);
    published = await app.list<Row>('/contributions');
    identity = contributorIdentities(published as never);
    campaigns = await app.list<Row>('/campaigns');
    const names = ['donor-overlap', 'contribution-stats', 'contribution-overlap', 'coordinated-giving'];
    const tables = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await app.list<Row>(`/insights/${n}`)] as const)));
    table = (n) => tables[n]!;
    truth = plantedTruth<Truth>(config);
  }, 900_000);

  /** One published row per contribution (its amount once, whatever the organisations it is linked to). */
  const contributions = () => [...groupBy(published, (p) => String(p.contribution_id)).values()].map((rows) => rows[0]!);
  const people = (rows: readonly Row[]) => distinct(rows.map((r) => identity.of(r.contribution_id)));

  describe('figures recomputed from /contributions with the one contributor identity', () => {
    it('donor-overlap: linked contributors and dollars per campaign and council-wide', () => {
      const rows = table('donor-overlap');
      expect(rows.length).toBeGreaterThan(0);
      const expected = (r: Row) => {
        const mine = contributions().filter((c) => c.election === r.election
          && (r.campaign_id === 0 ? c.office === 'Councillor' : c.campaign_id === r.campaign_id));
        return { linked_contributors: people(mine), linked_dollars: round(mine.reduce((s, c) => s + c.amount, 0), 2) };
      };
      const differ = rows.filter((r) => r.linked_contributors !== expected(r).linked_contributors || r.linked_dollars !== expected(r).linked_dollars)
        .map((r) => `${r.election} campaign ${r.campaign_id}: published ${r.linked_contributors} contributors, $${r.linked_dollars}; ` +
          `recount ${expected(r).linked_contributors}, $${expected(r).linked_dollars}`);
      expect(differ).toEqual([]);
      // every campaign with a published contribution has its row
      const covered = new Set(rows.map((r) => `${r.election}|${r.campaign_id}`));
      expect(contributions().filter((c) => !covered.has(`${c.election}|${c.campaign_id}`))).toEqual([]);
    });

    it('contribution-stats: the scope-12 contributors of every election', () => {
      const rows = table('contribution-stats').filter((r) => r.scope === '12');
      expect(rows.length).toBeGreaterThan(0);
      const recount = (r: Row) => people(contributions().filter((c) => c.election === r.election));
      expect(rows.filter((r) => r.contributors !== recount(r)).map((r) => `${r.election}: published ${r.contributors}, recount ${recount(r)}`)).toEqual([]);
    });

    it('contribution-overlap: the linked contributors and dollars of every row', () => {
      const differ = table('contribution-overlap').flatMap((r) => {
        const mine = published.filter((p) => p.election === r.election && p.organization_id === r.organization_id
          && p.candidate_person_id === r.candidate_person_id);
        const amount = round(mine.reduce((s, p) => s + p.amount, 0), 2);
        return r.linked_contributors === people(mine) && r.amount === amount ? []
          : [`${r.election} ${r.organization_id} ${r.candidate_person_id}: published ${r.linked_contributors}, $${r.amount}; recount ${people(mine)}, $${amount}`];
      });
      expect(differ).toEqual([]);
    });

    it('coordinated-giving: exactly the organisation × campaign groups of three or more contributors, with their counts', () => {
      const expected = [...groupBy(published, (p) => `${p.election}|${p.organization_id}|${p.campaign_id}`).values()]
        .filter((rows) => people(rows) >= 3)
        .map((rows) => {
          const days = [...groupBy(rows.filter((p) => p.contribution_date), (p) => p.contribution_date).values()];
          return { election: rows[0]!.election, organization_id: rows[0]!.organization_id, campaign_id: rows[0]!.campaign_id,
            contributors: people(rows), max_same_day: days.length ? Math.max(...days.map(people)) : null };
        })
        .sort((a, b) => a.election.localeCompare(b.election) || a.organization_id - b.organization_id || a.campaign_id - b.campaign_id);
      const rows = table('coordinated-giving').map((r) => ({ election: r.election, organization_id: r.organization_id, campaign_id: r.campaign_id,
        contributors: r.contributors, max_same_day: r.max_same_day }));
      expect(rows).toEqual(expected);
    });

    it('donor-overlap: named contributors never exceed the filing\'s contributors, and equal them on the sample city', () => {
      const filed = new Map(campaigns.filter((c) => c.source_dataset === 'campaign-filings' && c.contributors_n !== null).map((c) => [c.id, c.contributors_n]));
      expect(filed.size).toBe(campaigns.length); // every sample filing states its contributors
      const rows = table('donor-overlap').filter((r) => r.campaign_id !== 0);
      const over = rows.filter((r) => r.named_contributors > filed.get(r.campaign_id)!).map((r) => `${r.campaign_id}: ${r.named_contributors} > ${filed.get(r.campaign_id)}`);
      expect(over).toEqual([]);
      const unequal = rows.filter((r) => r.named_contributors !== filed.get(r.campaign_id)).map((r) => `${r.campaign_id}: ${r.named_contributors} ≠ ${filed.get(r.campaign_id)}`);
      expect(unequal).toEqual([]);
    });
  });

  describe('the planted contributor-identity cases', () => {
    /** The 2022 Councillor campaign of a planted member (the truth writes "Last, First", the API "First Last"). */
    const campaignOf = (memberId: number) => {
      const c = truth.candidates.find((e) => e.election === 2022)!.candidates.find((x) => x.memberId === memberId && x.office === 'Councillor')!;
      const [last, first] = c.name.split(', ');
      const campaign = campaigns.find((k) => k.election === '2022' && k.office === 'Councillor' && k.ward === c.ward && k.candidate_name === `${first} ${last}`);
      expect(campaign, c.name).toBeDefined();
      return campaign!;
    };
    const donorOverlap = (campaignId: number) => table('donor-overlap').find((r) => r.election === '2022' && r.campaign_id === campaignId)!;
    /** The staged rows of a contributor name at a campaign's race, with their postal codes (private: the test reads the warehouse). */
    const stagedPostalCodes = async (name: string, campaign: Row) => {
      const wh = await openWarehouse(config.warehousePath, { readOnly: true });
      try {
        return (await wh.all<{ p: string }>(`select r.contributor_postal_code as p from stg_contributions__rows as r
          where r.election = '2022' and r.office = 'Councillor' and r.ward = $ward and r.contributor_name = $name
            and r.candidate_key = (select candidate_key from int_campaigns where id = $id)`, { ward: campaign.ward, name, id: campaign.id })).map((r) => r.p);
      } finally {
        wh.close();
      }
    };

    it('a lobbyist giving twice to one campaign from two addresses is one linked and one named contributor', async () => {
      const { twice } = truth.contributionEffects.contributorIdentity;
      const campaign = campaignOf(twice.memberId);
      expect(new Set(await stagedPostalCodes(twice.name, campaign)).size).toBe(2); // two addresses
      const gifts = contributions().filter((c) => c.campaign_id === campaign.id && c.contributor_name === twice.name);
      expect(gifts).toHaveLength(2); // both linked and published
      expect(gifts[0]!.registry_person_id).not.toBeNull();
      expect(gifts[1]!.registry_person_id).toBe(gifts[0]!.registry_person_id); // one registry person
      const row = donorOverlap(campaign.id);
      expect(row.linked_contributors).toBe(people(contributions().filter((c) => c.campaign_id === campaign.id)));
      expect(row.named_contributors).toBe(campaign.contributors_n);
    });

    it('null: an ordinary donor giving twice from two addresses is one named contributor', async () => {
      const { home } = truth.contributionEffects.contributorIdentity;
      const campaign = campaignOf(home.memberId);
      expect(new Set(await stagedPostalCodes(home.name, campaign)).size).toBe(2);
      expect(published.filter((p) => p.contributor_name === home.name)).toEqual([]); // not a lobbyist: never linked
      // the filing counts people (the donor once): so does the insight
      expect(donorOverlap(campaign.id).named_contributors).toBe(campaign.contributors_n);
    });

    it('near miss: three gifts from two lobbyists of one organisation to one campaign make no coordinated-giving row', () => {
      const { nearMiss } = truth.contributionEffects.contributorIdentity;
      const campaign = campaignOf(nearMiss.memberId);
      const names = new Set(nearMiss.gifts.map((g) => g.name));
      const rows = published.filter((p) => p.campaign_id === campaign.id && names.has(p.contributor_name));
      // the three gifts are published, from two registry people, and one organisation is linked to all three
      expect(distinct(rows.map((p) => p.contribution_id))).toBe(3);
      expect(distinct(rows.map((p) => p.registry_person_id))).toBe(2);
      expect(people(rows)).toBe(2);
      const shared = [...groupBy(rows, (p) => String(p.organization_id)).values()].filter((g) => distinct(g.map((p) => p.contribution_id)) === 3);
      expect(shared.length).toBeGreaterThanOrEqual(1);
      expect(table('coordinated-giving').filter((r) => r.campaign_id === campaign.id)).toEqual([]);
    });
  });
});
