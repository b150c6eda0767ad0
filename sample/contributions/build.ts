// Campaign contributions of 2014, 2018 and 2022: ordinary donors plus planted donors tied to registry organisations
// (tier 1 their registered lobbyists, tier 2 their officers, 2014 corporate gifts) and look-alike donors who are not.
import { FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES, LOBBYIST_FIRST, LOBBYIST_LAST, MIDDLE } from '../data/names.ts';
import { normName, orgVariant, lookalike, personVariant, jaroWinkler } from '../common/name-variants.ts';
import { postalIn, randomFsa } from '../geo/postal.ts';
import type { Org } from '../registry/types.ts';
import type { Rng } from '../common/rng.ts';
import type { Candidate, Election } from './candidates.ts';

export interface Person { id: string; first: string; middle: string; last: string; org: Org; tier: 1 | 2; role: string }
export interface ContribTruth { organisation: string; tier: 0 | 1 | 2 | null; person: string | null; related: boolean; reason: string; similarity: number; kind: string }
export interface Contrib {
  contributor: string; address: string; postal: string; amount: number; returned: number | null; type: string; goods: string; ctype: string;
  relationship: string; president: string; authRep: string; cand: Candidate; day: number; truth: ContribTruth | null;
  /** A row an insight plant added (sample/plants/contributions.ts): written after the others, from a stream of its own. */
  planted?: 'contributions';
}
const GOODS = ['Printing', 'Office space', 'Lawn signs', 'Catering', 'Photography', 'Website design', 'Vehicle use'];
/**
 * "Last, First" with a middle initial as often as planted donors write theirs (personVariant's middle-initial form:
 * a fifth of their gifts, when they have one), from a stream of its own so no other draw moves: whether a contributor
 * writes a middle initial says nothing about being a lobbyist, and an agreeing initial is sometimes a coincidence.
 */
const written = (middles: Rng, last: string, first: string) => { const m = middles.pick(MIDDLE); return m && middles.chance(0.2) ? `${last}, ${first} ${m}` : `${last}, ${first}`; };
const fullAddr = (o: Org) => `${o.address.line1}${o.address.line2 ? ' ' + o.address.line2 : ''}, ${o.address.city}, ON`;
/** Person-name similarity with "Last, First" turned round, so the score reflects spelling, not order. */
export function personSim(written: string, first: string, last: string): number {
  const [l, f = ''] = written.split(',');
  return +jaroWinkler(normName(`${f} ${l}`), normName(`${first} ${last}`)).toFixed(3);
}

export function buildContributions(rng: Rng, scale: number, elections: Election[], people: Person[], corporates: { org: Org; officers: Person[]; address: Org }[]): Map<string, Contrib[]> {
  const files = new Map<string, Contrib[]>();
  const middles = rng.fork('middle-initials');
  const TOTALS: Record<number, [number, number]> = { 2014: [10_199, 11_035], 2018: [4_105, 10_192], 2022: [4_500, 5_650] };
  for (const e of elections) {
    const start = e.day - 240, end = e.day + (e.year === 2022 ? 60 : 0);
    for (const office of ['Mayor', 'Councillor'] as const) {
      const cands = e.candidates.filter((c) => c.office === office), weights = cands.map((c) => c.weight);
      const limit = office === 'Mayor' ? 2500 : e.year === 2014 ? 750 : 1200;
      const rows: Contrib[] = [], donors: { name: string; postal: string }[] = [];
      const n = Math.max(25, Math.round(TOTALS[e.year][office === 'Mayor' ? 0 : 1] * scale));
      const base = (cand: Candidate): Contrib => ({ contributor: '', address: ' ', postal: '', amount: rng.pick([100, 100, 150, 200, 250, 250, 300, 500, 500, 750, 1000, limit]) * (rng.chance(0.05) ? 1.5 : 1),
        returned: null, type: 'Monetary', goods: '', ctype: 'Individual', relationship: '', president: '', authRep: '', cand, day: start + rng.int(0, end - start), truth: null });
      for (let i = 0; i < n; i++) {
        const c = base(rng.weighted(cands, weights));
        if (donors.length && rng.chance(0.25)) { const d = rng.pick(donors); c.contributor = d.name; c.postal = d.postal; }
        else {
          const first = rng.pick(rng.chance(0.5) ? LOBBYIST_FIRST : rng.chance(0.5) ? FIRST_NAMES_F : FIRST_NAMES_M), last = rng.pick(rng.chance(0.5) ? LAST_NAMES : LOBBYIST_LAST);
          c.contributor = written(middles, last, first); c.postal = rng.chance(0.01) ? 'M0M 0M0' : postalIn(rng, randomFsa(rng)); donors.push({ name: c.contributor, postal: c.postal });
        }
        if (i === 3) c.postal = 'M0M 0M0'; // the placeholder appears in every file, whatever the scale
        if (c.amount > limit) c.amount = limit;
        const roll = rng.next();
        if (roll < 0.015 && c.cand.memberId === null) { c.relationship = 'Candidate'; c.contributor = `${c.cand.last}, ${c.cand.first}`; c.amount = rng.int(20, 300) * 100; c.ctype = e.year === 2022 ? 'Candidate' : 'Individual'; }
        else if (roll < 0.025) { c.relationship = 'Spouse'; c.ctype = e.year === 2022 ? 'Candidate Spouse' : 'Individual'; }
        else if (roll < 0.05) { c.type = 'Goods/Services'; c.goods = rng.pick(GOODS); }
        if (e.year !== 2014 && rng.chance(0.01)) c.returned = c.amount;
        if (e.year === 2018 && rng.chance(0.003)) { c.contributor = `${rng.int(1_000_000, 2_999_999)} Ontario Inc.`; c.returned = c.amount; } // banned, typed as Individual
        if (e.year === 2014 && rng.chance(0.008)) { c.ctype = rng.chance(0.8) ? 'Corporation' : 'Trade Union'; c.contributor = `${rng.pick(['Lakeside', 'Westbrook', 'Unity', 'Carpenters Local'])} ${rng.pick(['Holdings Inc.', 'Ltd.', '27'])}`; c.address = `${rng.int(1, 900)} Main St, Toronto, ON`; c.president = `${rng.pick(LOBBYIST_FIRST)} ${rng.pick(LOBBYIST_LAST)}`; c.authRep = c.president; }
        rows.push(c);
      }
      files.set(`${e.year}|${office}`, rows);
    }
  }
  // Planted donors: each person gives one to three times across the elections, under varying spellings.
  const put = (c: Contrib, year: number) => { const list = files.get(`${year}|${c.cand.office}`)!; list.splice(rng.int(0, list.length), 0, c); };
  const cand = (year: number) => { const e = elections.find((x) => x.year === year)!; const cs = e.candidates; return rng.weighted(cs, cs.map((c) => c.weight)); };
  const dayIn = (year: number) => { const e = elections.find((x) => x.year === year)!; return e.day - rng.int(1, 200); };
  let seq = 0;
  for (const p of people) {
    const homeFsa = randomFsa(rng);
    for (const year of rng.sample([2014, 2018, 2022], rng.int(1, 3))) {
      // Every third planted gift is written so it scores < 0.85 against the person's name (nickname or initials).
      const c = cand(year), unalike = ++seq % 3 === 0;
      let v = personVariant(rng, p.first, p.last, p.middle, unalike);
      if (unalike && personSim(v.name, p.first, p.last) >= 0.85) v = { name: `${p.last}, ${p.first[0]}.`, kind: 'initials' };
      const postal = rng.chance(0.5) ? p.org.address.postal : postalIn(rng, homeFsa);
      put({ contributor: v.name, address: ' ', postal, amount: rng.pick([250, 500, 750, 1000]), returned: null, type: 'Monetary', goods: '', ctype: 'Individual', relationship: '',
        president: '', authRep: '', cand: c, day: dayIn(year), truth: { organisation: p.org.id, tier: p.tier, person: p.id, related: true, reason: p.tier === 1 ? 'registered lobbyist' : `officer (${p.role})`,
          similarity: personSim(v.name, p.first, p.last), kind: v.kind } }, year);
    }
    // Decoys: a namesake elsewhere in the city, and someone with the same surname in the same postal area.
    if (rng.chance(0.6)) {
      const year = rng.pick([2014, 2018, 2022]), other = randomFsa(rng), name = written(middles, p.last, p.first);
      put({ ...base0(rng, cand(year), dayIn(year)), contributor: name, postal: postalIn(rng, other === p.org.address.postal.slice(0, 3) ? 'M1B' : other),
        truth: { organisation: p.org.id, tier: null, person: p.id, related: false, reason: 'namesake, different person', similarity: personSim(name, p.first, p.last), kind: 'namesake' } }, year);
    }
    if (rng.chance(0.3)) {
      const year = rng.pick([2014, 2018, 2022]);
      let first: string;
      do first = rng.pick(LOBBYIST_FIRST); while (first === p.first);
      const name = written(middles, p.last, first);
      put({ ...base0(rng, cand(year), dayIn(year)), contributor: name, postal: postalIn(rng, p.org.address.postal.slice(0, 3)),
        truth: { organisation: p.org.id, tier: null, person: p.id, related: false, reason: 'same surname and postal area, unrelated', similarity: personSim(name, p.first, p.last), kind: 'surname-postal' } }, year);
    }
  }
  // 2014 corporate gifts (the layout still has Corporation rows) name the officers; group members share a head-office address.
  for (const { org, officers, address } of corporates) {
    const v = orgVariant(rng, org, ++seq % 3 === 0), c2014 = cand(2014);
    put({ ...base0(rng, c2014, dayIn(2014)), contributor: v.name, address: fullAddr(address), postal: address.address.postal, ctype: 'Corporation',
      president: officers[0] ? `${officers[0].first} ${officers[0].last}` : '', authRep: officers[1] ? `${officers[1].first} ${officers[1].last}` : officers[0] ? `${officers[0].first} ${officers[0].last}` : '',
      truth: { organisation: org.id, tier: 0, person: null, related: true, reason: 'corporate contribution', similarity: +jaroWinkler(normName(v.name), normName(org.canonical)).toFixed(3), kind: v.kind } }, 2014);
    if (rng.chance(0.4)) {
      const name = lookalike(rng, org), c = cand(2014);
      put({ ...base0(rng, c, dayIn(2014)), contributor: name, address: `${rng.int(1, 900)} ${rng.pick(['Weston Rd', 'Dundas St W', 'Kennedy Rd'])}, Toronto, ON`, postal: postalIn(rng, randomFsa(rng)),
        ctype: 'Corporation', president: `${rng.pick(LOBBYIST_FIRST)} ${rng.pick(LOBBYIST_LAST)}`, authRep: '',
        truth: { organisation: org.id, tier: null, person: null, related: false, reason: 'look-alike company name, different organisation', similarity: +jaroWinkler(normName(name), normName(org.canonical)).toFixed(3), kind: 'lookalike' } }, 2014);
    }
  }
  return files;
}

function base0(rng: Rng, cand: Candidate, day: number): Contrib {
  return { contributor: '', address: ' ', postal: '', amount: rng.pick([100, 200, 250, 500]), returned: null, type: 'Monetary', goods: '', ctype: 'Individual', relationship: '', president: '', authRep: '', cand, day, truth: null };
}
export const middleOf = (rng: Rng) => rng.pick(MIDDLE);
