// The sample registry's name-space at the City's size: organisation names unique on their folded base (legal form,
// case, punctuation, plural s) apart from the planted look-alikes, abbreviations, brands and numbered companies each
// one organisation's, lobbyists' names each one person's and no random lobbyist carrying a member's surname; and the
// L5 plant: former members who lobby (a quarter under a name unlike the council record) and look-alike namesakes
// who held no seat here.
import { describe, expect, it } from 'vitest';
import { buildCouncil } from '../../sample/council/members.ts';
import { jaroWinkler, normName } from '../../sample/common/name-variants.ts';
import { plantFormerMembers } from '../../sample/registry/former.ts';
import { baseKey, orgKey } from '../../sample/registry/org-words.ts';
import { OrgFactory } from '../../sample/registry/orgs.ts';
import type { Org, OrgKind } from '../../sample/registry/types.ts';
import { LobbyistFactory } from '../../sample/registry/people.ts';
import { Rng } from '../../sample/common/rng.ts';

const KINDS: OrgKind[] = ['developer', 'developer', 'developer', 'company', 'company', 'company', 'association', 'nonprofit', 'nonprofit', 'nonprofit'];

function cityOrgs(seed: string): OrgFactory {
  const rng = new Rng(seed), orgs = new OrgFactory(rng.fork('orgs'));
  for (let i = 0; i < 5000; i++) orgs.create(rng.pick(KINDS));
  for (const o of rng.sample(orgs.orgs.slice(), 750)) orgs.createDecoy(o);
  for (let i = 0; i < 250; i++) orgs.create('firm');
  return orgs;
}

describe('sample registry names at City size', () => {
  it('organisation names are unique on their base, except planted look-alikes; short forms are one organisation\'s', () => {
    const orgs = cityOrgs('names-a');
    const decoys = orgs.orgs.filter((o) => o.decoyOf);
    expect(decoys.length).toBeGreaterThan(600);
    const byBase = new Map<string, Org[]>();
    for (const o of orgs.orgs) byBase.set(baseKey(o.canonical), [...(byBase.get(baseKey(o.canonical)) ?? []), o]);
    for (const [base, list] of byBase) {
      if (list.length < 2) continue;
      // only an original and its look-alikes share a base (legal-form and plural look-alikes)
      const root = list.find((o) => !o.decoyOf)!;
      for (const o of list) if (o !== root) expect(o.decoyOf, base).toBe(root.id);
    }
    const keys = orgs.orgs.flatMap((o) => [o.canonical, o.tradeName, o.abbrev, o.numbered].filter((x): x is string => !!x).map(orgKey));
    expect(new Set(keys).size).toBe(keys.length);
    // look-alikes look alike: most are within 0.9 of the original's folded name
    const byId = new Map(orgs.orgs.map((o) => [o.id, o]));
    const close = decoys.filter((d) => jaroWinkler(orgKey(d.canonical), orgKey(byId.get(d.decoyOf!)!.canonical)) > 0.9);
    expect(close.length / decoys.length).toBeGreaterThan(0.75);
  });

  it('written variants never spell another organisation\'s name', () => {
    const orgs = cityOrgs('names-b');
    const owner = new Map<string, string>();
    for (let k = 0; k < 5; k++) for (const o of orgs.orgs) {
      const key = orgKey(orgs.nameFor(o));
      expect(owner.get(key) ?? o.id, key).toBe(o.id);
      owner.set(key, o.id);
    }
  });

  it('lobbyists: one person per name, no member surname; former members and namesakes planted as L5 needs', () => {
    const rng = new Rng('names-c');
    const council = buildCouncil(rng.fork('council'));
    const surnames = new Set(council.members.flatMap((m) => m.names.map((n) => normName(n.last))));
    const orgs = cityOrgs('names-c');
    const firms = orgs.orgs.filter((o) => o.kind === 'firm');
    const lobbyists = new LobbyistFactory(rng.fork('lobbyists'), surnames);
    const planted = plantFormerMembers(rng.fork('former'), council, lobbyists, firms, orgs.orgs, 20_412);
    for (let i = 0; i < 6000; i++) lobbyists.create('Consultant', firms[i % firms.length]);
    const names = lobbyists.all.map((l) => `${normName(l.first)}|${normName(l.last)}`);
    expect(new Set(names).size).toBe(names.length);
    const ordinary = lobbyists.all.filter((l) => !l.formerMember && !l.namesakeOf);
    expect(ordinary.filter((l) => surnames.has(normName(l.last)))).toEqual([]);

    const former = planted.filter((p) => p.lobbyist.formerMember).map((p) => p.lobbyist);
    expect(former.length).toBeGreaterThanOrEqual(8);
    const memberName = (id: number) => { const n = council.byId.get(id)!.names.at(-1)!; return `${n.first} ${n.last}`; };
    const sim = (a: string, b: string) => jaroWinkler(normName(a), normName(b));
    const unalike = former.filter((l) => sim(`${l.first} ${l.last}`, memberName(l.formerMember!.memberId)) < 0.85);
    expect(unalike.length / former.length).toBeGreaterThanOrEqual(0.25);
    for (const l of former) {
      expect(l.previousOffice?.lastDay).toBe(l.formerMember!.lastDay);
      expect(planted.find((p) => p.lobbyist === l)!.fromDay).toBeGreaterThan(Date.parse(l.formerMember!.lastDay) / 864e5);
    }
    const namesakes = planted.filter((p) => p.lobbyist.namesakeOf).map((p) => p.lobbyist);
    expect(namesakes.length).toBeGreaterThanOrEqual(Math.ceil(former.length / 4));
    for (const l of namesakes) {
      expect(sim(`${l.first} ${l.last}`, memberName(l.namesakeOf!))).toBeGreaterThan(0.9);
      // no seat on Toronto's council: nothing declared, or an office elsewhere
      if (l.previousOffice) expect(`${l.previousOffice.position} ${l.previousOffice.program}`).toMatch(/School Board|Region|Mississauga|Vaughan|Legislative/);
    }
  });
});
