// Former members of council who went on to lobby (L5 truth), and ordinary lobbyists who merely look like one (L5
// decoys). A former member registers under their own name, or under a name that looks unlike the council record: the
// formal name or nickname of the one they served under (William / Bill), the surname taken on marriage after leaving
// office (the council record keeps the old one), or their legal first name with the name they go by as middle name.
// Each declares the previous public office (position, program, last day) as the registry form asks. Namesakes share a
// former member's surname and a near-identical given name but held no office here: they declare none, a school-board
// seat, or a seat on another Ontario council (whose terms end on the same day as Toronto's).
import { isoOf } from '../common/dates.ts';
import { LOBBYIST_FIRST_F, LOBBYIST_FIRST_M, LOBBYIST_LAST, LOOKALIKE_FIRST, NICKNAMES } from '../data/names.ts';
import { WARDS_25, WARDS_44 } from '../data/places.ts';
import type { Council } from '../council/members.ts';
import { jaroWinkler, normName } from '../common/name-variants.ts';
import type { Rng } from '../common/rng.ts';
import type { Member, Tenure } from '../common/types.ts';
import type { Org } from './types.ts';
import type { DeclaredOffice, Lobbyist, LobbyistFactory, PlantedLobbyist } from './people.ts';

/** A planted lobbyist and the first day they may lobby (a former member: a year after leaving office). */
export interface PlantedRegistrant { lobbyist: Lobbyist; fromDay: number }

const FORMER = 10; // members do not scale, so neither do the former members who lobby
const UNALIKE_STYLES = ['nickname', 'married', 'middle-name', 'nickname'];
const sim = (a: string, b: string) => jaroWinkler(normName(a), normName(b));

/** The member's last tenure (the office they left). */
function lastTenure(council: Council, m: Member): Tenure {
  return council.tenures.filter((t) => t.memberId === m.memberId).sort((a, b) => b.end - a.end)[0];
}

function declaration(rng: Rng, t: Tenure): DeclaredOffice {
  const w = t.ward;
  const wardName = w === null ? '' : t.term < '2018' ? WARDS_44[w - 1].name : `Ward ${w} ${WARDS_25[w - 1].name}`;
  const position = t.role === 'Mayor' ? rng.pick(['Mayor', 'Mayor of Toronto', 'Mayor, City of Toronto'])
    : rng.pick(['City Councillor', 'Councillor', 'Member of Council', 'Toronto City Councillor', 'Councillor, City of Toronto']);
  const program = w === null ? rng.pick(['Office of the Mayor', 'City of Toronto', "Mayor's Office"]) : rng.chance(0.8) ? rng.pick([wardName, `Ward ${w}`, `Toronto City Council - Ward ${w}`, `Councillor's Office, ${wardName}`])
    : rng.pick(['Toronto City Council', 'City of Toronto', 'City Council']);
  return { position, program, lastDay: isoOf(t.end) };
}

/** A registered name for the member in the given style, or null when the style does not fit (or looks alike). */
type Styled = Omit<PlantedLobbyist, 'formerMember'> & { style: string };
function styled(rng: Rng, m: Member, style: string, lobbyists: LobbyistFactory): Styled | null {
  const { first, last } = m.names[m.names.length - 1];
  const full = `${first} ${last}`;
  const unalike = (f: string, l: string) => sim(`${f} ${l}`, full) < 0.82 && lobbyists.isFree(f, l);
  if (style === 'plain') return lobbyists.isFree(first, last) ? { first, last, gender: m.gender, style } : null;
  if (style === 'nickname') {
    const forms = [NICKNAMES[first], ...Object.keys(NICKNAMES).filter((k) => NICKNAMES[k] === first)].filter(Boolean);
    const f = forms.find((x) => unalike(x, last));
    return f ? { first: f, last, gender: m.gender, style } : null;
  }
  if (style === 'married') {
    if (m.gender !== 'F' || m.names.length > 1) return null;
    const l = rng.sample(LOBBYIST_LAST, 20).find((x) => lobbyists.ordinarySurname(x) && unalike(first, x));
    return l ? { first, last: l, gender: 'F', style } : null;
  }
  // middle-name: the legal first name on the registry form, the name they go by as middle name
  const f = rng.sample(m.gender === 'F' ? LOBBYIST_FIRST_F : LOBBYIST_FIRST_M, 20).find((x) => x[0] !== first[0] && unalike(x, last));
  return f ? { first: f, middle: rng.chance(0.5) ? first : `${first[0]}.`, last, gender: m.gender, style: 'middle-name' } : null;
}

const OTHER_OFFICES: DeclaredOffice[] = [
  { position: 'School Board Trustee', program: 'Toronto District School Board', lastDay: '' },
  { position: 'Trustee', program: 'Toronto Catholic District School Board', lastDay: '' },
  { position: 'City Councillor', program: 'City of Mississauga, Ward 5', lastDay: '' },
  { position: 'Regional Councillor', program: 'Regional Municipality of York', lastDay: '' },
  { position: 'Councillor', program: 'City of Vaughan', lastDay: '' },
  { position: 'Member of Provincial Parliament', program: 'Legislative Assembly of Ontario', lastDay: '' },
];
/** Ontario municipal and school-board terms end together; a provincial seat ends on an election day. */
const OTHER_LAST_DAYS = ['2010-11-30', '2014-11-30', '2018-11-30', '2022-11-14', '2011-09-06', '2014-05-02', '2018-05-08'];

export function plantFormerMembers(rng: Rng, council: Council, lobbyists: LobbyistFactory, firms: Org[], clients: Org[], asOfDay: number): PlantedRegistrant[] {
  // left office at least 13 months before the snapshot (the cooling-off year) and not back in office since
  const retired = council.members.filter((m) => lastTenure(council, m).end < asOfDay - 400);
  const planted: PlantedRegistrant[] = [];
  const employer = (): { type: Lobbyist['type']; org: Org } => rng.chance(0.7) ? { type: 'Consultant', org: rng.pick(firms) }
    : { type: 'In-house', org: rng.pick(clients.filter((o) => o.kind === 'developer' || o.kind === 'association')) ?? rng.pick(firms) };
  // the unalike styles first, each on the first member it fits (middle-name fits nearly anyone), then plain names
  const pool = rng.shuffle(retired.slice());
  for (const want of [...UNALIKE_STYLES, ...Array(FORMER - UNALIKE_STYLES.length).fill('plain')]) {
    let found: { m: Member; name: Styled } | null = null;
    for (const style of want === 'plain' ? ['plain'] : [want, 'middle-name']) {
      for (const m of pool) { const name = styled(rng, m, style, lobbyists); if (name) { found = { m, name }; break; } }
      if (found) break;
    }
    if (!found) continue;
    const { m, name: { style, ...person } } = found;
    pool.splice(pool.indexOf(m), 1);
    const t = lastTenure(council, m);
    const { type, org } = employer();
    const lobbyist = lobbyists.create(type, org, { ...person, formerMember: { memberId: m.memberId, lastDay: isoOf(t.end), style }, previousOffice: declaration(rng, t) });
    planted.push({ lobbyist, fromDay: t.end + 365 });
  }
  // namesakes: at least two fifths as many as the former members, each looking like a former member (> 0.9)
  const targets = rng.shuffle(retired.slice());
  let made = 0;
  for (const m of targets) {
    if (made >= Math.ceil(FORMER * 0.4)) break;
    const { first, last } = m.names[m.names.length - 1];
    const firsts = [...(LOOKALIKE_FIRST[first] ?? []), first].filter((f) => sim(`${f} ${last}`, `${first} ${last}`) > 0.92 && lobbyists.isFree(f, last));
    if (!firsts.length) continue;
    const f = rng.pick(firsts);
    const kind = made % 3; // none declared, another office, another office
    const office = kind === 0 ? undefined : { ...rng.pick(OTHER_OFFICES), lastDay: rng.pick(OTHER_LAST_DAYS) };
    const { type, org } = employer();
    const lobbyist = lobbyists.create(type, org, { first: f, last, gender: m.gender, namesakeOf: m.memberId, previousOffice: office });
    planted.push({ lobbyist, fromDay: 0 });
    made++;
  }
  return planted;
}
