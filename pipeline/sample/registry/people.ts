// Lobbyists (registrants) with registration numbers and name spellings; messy business addresses.
import { LOBBYIST_FIRST, LOBBYIST_LAST, MIDDLE, NICKNAMES, POSITIONS, PREFIXES_F, PREFIXES_M, PREFIXES_OTHER } from '../data/names.ts';
import type { Rng } from '../rng.ts';
import type { Org } from './orgs.ts';

export interface Lobbyist {
  id: string; regNo: string; soNums: string[]; type: 'Consultant' | 'In-house' | 'Voluntary'; gender: 'F' | 'M';
  first: string; middle: string; last: string; position: string; org: Org;
  formerMember: { memberId: number; lastDay: string } | null;
  /** Spellings written into the files: "First|Middle|Last". */
  used: Set<string>;
}

const FEMALE = new Set(['Jennifer', 'Deborah', 'Suzanne', 'Margaret', 'Elizabeth', 'Katherine', 'Alexandra', 'Sarah', 'Emily', 'Nadia', 'Isabelle', 'Geneviève', 'Zoë']);

export class LobbyistFactory {
  readonly all: Lobbyist[] = [];
  private regNos = new Set<number>();
  constructor(private rng: Rng) {}

  create(type: Lobbyist['type'], org: Org, name?: { first: string; last: string; memberId: number; lastDay: string }): Lobbyist {
    const r = this.rng;
    let n: number;
    do n = r.int(10_000, 59_999); while (this.regNos.has(n));
    this.regNos.add(n);
    const letter = type === 'Consultant' ? 'C' : type === 'In-house' ? 'S' : 'V';
    const regNo = `${n}${letter}`;
    const first = name?.first ?? r.pick(LOBBYIST_FIRST);
    const l: Lobbyist = {
      id: `P-L${this.all.length + 1}`, regNo, soNums: type === 'In-house' ? [`${regNo}-1`, ...(r.chance(0.15) ? [`${regNo}-2`] : [])] : [regNo],
      type, gender: FEMALE.has(first) ? 'F' : 'M', first, middle: r.pick(MIDDLE), last: name?.last ?? r.pick(LOBBYIST_LAST),
      position: r.pick(POSITIONS), org, formerMember: name ? { memberId: name.memberId, lastDay: name.lastDay } : null, used: new Set(),
    };
    this.all.push(l);
    return l;
  }

  /** Name as typed in one registration: capitals, nicknames in brackets, dropped middle initials. */
  spell(l: Lobbyist): { prefix: string; first: string; middle: string; last: string } {
    const r = this.rng;
    let first = l.first, last = l.last, middle = l.middle;
    const nick = NICKNAMES[first];
    if (nick && r.chance(0.3)) first = `${first} (${nick})`;
    if (r.chance(0.1)) { first = first.toUpperCase(); last = last.toUpperCase(); }
    if (r.chance(0.3)) middle = '';
    const prefix = r.chance(0.05) ? r.pick(PREFIXES_OTHER) : r.pick(l.gender === 'F' ? PREFIXES_F : PREFIXES_M);
    l.used.add(`${first}|${middle}|${last}`);
    return { prefix, first, middle, last };
  }
}

const PROVINCES = ['ON', 'ON', 'ON', 'ON', 'Ontario', 'Ont.', 'ONTARIO', 'ONTAIRO', 'on'];
const COUNTRIES = ['Canada', 'Canada', 'Canada', 'Canada', 'CAN', 'cdn', 'CANADA', 'Canadá', 'canadÃ¡'];
/** One appearance of an organisation's address, typed with the registry's usual noise. */
export function messyAddress(rng: Rng, a: Org['address']) {
  const postal = rng.chance(0.15) ? a.postal.toLowerCase() : rng.chance(0.1) ? a.postal.replace(' ', '') : a.postal;
  return {
    line1: a.line1, line2: a.line2, city: rng.chance(0.08) ? `${a.city},` : rng.chance(0.05) ? a.city.toUpperCase() : a.city,
    province: rng.pick(PROVINCES), country: rng.pick(COUNTRIES), postal, phone: a.phone,
  };
}
