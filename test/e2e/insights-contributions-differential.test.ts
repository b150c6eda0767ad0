// Differential tests of the contribution insights on the default city, recomputed here independently of the
// pipeline's SQL: contribution-stats scope 12 and coordinated giving from the published lists only (/contributions,
// /campaigns); scope 123 adds the tier-3 matches, which are never published, from raw staging (the staged contribution
// rows, their ids and the L7 candidates at tier 3 with the same surname in the same postal area, not rejected).
// Contributors are counted with the one contributor identity (./contributor-identity.ts). Each must equal what the
// API publishes.
import { beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../pipeline/db/warehouse.ts';
import { contributorIdentities } from './contributor-identity.ts';
import { openDefaultCity, type CityApp } from './default-city-app.ts';

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Gift { contribution: number; election: string; campaign: number; amount: number; tier: number; contributor: string; organization?: number; date?: string | null }

let app: CityApp;
let published: Row[];
let campaigns: Row[];
let tier3: Gift[];
beforeAll(async () => {
  const city = await openDefaultCity();
  app = city.app;
  published = await app.list<Row>('/contributions');
  campaigns = await app.list<Row>('/campaigns');
  const identity = contributorIdentities(published as never);
  const wh = await openWarehouse(city.config.warehousePath, { readOnly: true });
  // raw staging: tier-3 L7 matches (not rejected) of contributions with no published link, with their campaign as the
  // first filing of the candidate's name in the race and their staged contributor_key (the folded name)
  tier3 = (await wh.all<Row>(`
    select distinct cast(l.from_id as integer) as contribution, r.election, r.amount, coalesce(r.contributor_key, '') as name,
      (select min(k.id) from int_campaigns as k where k.election = r.election and k.office = r.office and k.candidate_key = r.candidate_key
        and (r.office = 'Mayor' or k.ward is not distinct from r.ward)) as campaign
    from int_links as l
    join int_link_evidence as e using (task, from_type, from_id, to_type, to_id)
    join int_contribution_ids as i on i.entity = 'contribution' and i.id = cast(l.from_id as integer)
    join stg_contributions__rows as r on i.natural_key = r.election || '|' || r.source_file || '|' || cast(r.source_position as varchar)
    where l.task = 'L7' and cast(l.extra ->> '$.tier' as integer) = 3 and l.decision is distinct from 'rejected'
      and (e.evidence ->> '$.features.surname_exact') in ('1', '1.0') and (e.evidence ->> '$.features.same_postal_area') in ('1', '1.0')
      and r.excluded_reason is null and r.candidate_key is not null`)).map((r) => ({
    contribution: Number(r.contribution), election: r.election, campaign: Number(r.campaign), amount: Number(r.amount), tier: 3, contributor: identity.ofName(r.election, r.name),
  })).filter((g) => !published.some((p) => p.contribution_id === g.contribution) && Number.isFinite(g.campaign));
  wh.close();
}, 900_000);

const gifts = (): Gift[] => {
  const identity = contributorIdentities(published as never);
  return published.map((p) => ({
    contribution: p.contribution_id, election: p.election, campaign: p.campaign_id, amount: p.amount, tier: p.tier, organization: p.organization_id,
    contributor: identity.of(p.contribution_id), date: p.contribution_date,
  }));
};

/** Linear-interpolation quantile (R type 7, DuckDB quantile_cont). */
function quantile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b), h = (s.length - 1) * p, lo = Math.floor(h);
  return s[lo]! + (h - lo) * (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!);
}
const round = (x: number | null, d: number) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

describe('contribution-stats', () => {
  it('equals a recount from /contributions and /campaigns (scope 12) plus the staged tier-3 matches (scope 123)', async () => {
    const elections = [...new Set(campaigns.map((c) => c.election as string))].sort();
    const expected: Row[] = [];
    for (const election of elections) {
      const electionAmount = campaigns.filter((c) => c.election === election).reduce((s, c) => s + (c.total_contributions ?? 0), 0);
      for (const scope of ['12', '123']) {
        // each contribution once, at its best tier; its contributors are those of the links at that tier
        const best = new Map<number, { gift: Gift; contributors: Set<string> }>();
        for (const g of [...gifts(), ...(scope === '123' ? tier3 : [])].filter((x) => x.election === election)) {
          const have = best.get(g.contribution);
          if (!have || g.tier < have.gift.tier) best.set(g.contribution, { gift: g, contributors: new Set([g.contributor]) });
          else if (g.tier === have.gift.tier) have.contributors.add(g.contributor);
        }
        const chosen = [...best.values()], amounts = chosen.map((b) => b.gift.amount);
        const byTier = (t: number) => chosen.filter((b) => b.gift.tier === t).reduce((s, b) => s + b.gift.amount, 0);
        const share = (t: number) => (electionAmount > 0 ? round(byTier(t) / electionAmount, 4) : null);
        expected.push({
          election, scope, contributions: chosen.length, amount: round(amounts.reduce((s, a) => s + a, 0), 2),
          contributors: new Set(chosen.flatMap((b) => [...b.contributors])).size, campaigns: new Set(chosen.map((b) => b.gift.campaign)).size,
          election_amount: round(electionAmount, 2), tier1_share: share(1), tier2_share: share(2), tier3_share: scope === '123' ? share(3) : null,
          median_contribution: round(quantile(amounts, 0.5), 2), p90_contribution: round(quantile(amounts, 0.9), 2),
        });
      }
    }
    const rows = (await app.list<Row>('/insights/contribution-stats')).map(({ caveat: _c, model_version: _m, ...r }) => r);
    expect(rows).toEqual(expected);
    expect(tier3.length).toBeGreaterThan(0); // scope 123 differs from 12 here: the recount covers the tier-3 path
  });
});

describe('coordinated-giving', () => {
  it('equals the organisation × campaign groups of three or more linked contributors in /contributions', async () => {
    const groups = new Map<string, Gift[]>();
    for (const g of gifts()) {
      const key = `${g.election}|${g.organization}|${g.campaign}`;
      groups.set(key, [...(groups.get(key) ?? []), g]);
    }
    const expected = [...groups.values()].filter((gs) => new Set(gs.map((g) => g.contributor)).size >= 3).map((gs) => {
      const g0 = gs[0]!, dates = gs.map((g) => g.date).filter((d): d is string => !!d).sort();
      const perDay = new Map<string, Set<string>>();
      for (const g of gs) if (g.date) perDay.set(g.date, (perDay.get(g.date) ?? new Set()).add(g.contributor));
      return {
        election: g0.election, organization_id: g0.organization, campaign_id: g0.campaign,
        candidate_person_id: published.find((p) => p.campaign_id === g0.campaign)!.candidate_person_id,
        contributors: new Set(gs.map((g) => g.contributor)).size, amount: round(gs.reduce((s, g) => s + g.amount, 0), 2),
        first_date: dates[0] ?? null, last_date: dates.at(-1) ?? null,
        max_same_day: perDay.size ? Math.max(...[...perDay.values()].map((s) => s.size)) : null,
        suppressed: dates.length ? null : 'no contribution dates: the election\'s files carry none',
      };
    }).sort((a, b) => a.election.localeCompare(b.election) || a.organization_id! - b.organization_id! || a.campaign_id - b.campaign_id);
    const rows = (await app.list<Row>('/insights/coordinated-giving')).map(({ caveat: _c, model_version: _m, ...r }) => r);
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
  });
});
